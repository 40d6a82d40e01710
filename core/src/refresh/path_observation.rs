//! A [`PathObservation`] on the wire: one flat object, `{ path, kind, sha256?, sha256Lf? }`,
//! its fields read into the [`Observed`] it holds. Written by hand as the derive would
//! write it for the flat struct (the same field names, the same messages for a missing or
//! repeated field, unknown fields ignored, absent digests left out): `#[serde(flatten)]`
//! buffers every object before reading it, which made decoding 100,000 observations about
//! 2.9 times as slow.

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeStruct, Serializer};

use super::plan::PathObservation;
use crate::observe::{EntryKind, Observed};

const NAME: &str = "PathObservation";
const FIELDS: &[&str] = &["path", "kind", "sha256", "sha256Lf"];

impl serde::Serialize for PathObservation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Observed {
            kind,
            sha256,
            sha256_lf,
        } = &self.observed;
        let len = 2 + usize::from(sha256.is_some()) + usize::from(sha256_lf.is_some());
        let mut object = serializer.serialize_struct(NAME, len)?;
        object.serialize_field("path", &self.path)?;
        object.serialize_field("kind", kind)?;
        match sha256 {
            Some(sha256) => object.serialize_field("sha256", sha256)?,
            None => object.skip_field("sha256")?,
        }
        match sha256_lf {
            Some(sha256_lf) => object.serialize_field("sha256Lf", sha256_lf)?,
            None => object.skip_field("sha256Lf")?,
        }
        object.end()
    }
}

impl<'de> serde::Deserialize<'de> for PathObservation {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct(NAME, FIELDS, Fields)
    }
}

/// A field's name (or its place, as the derive accepts it); anything else is ignored.
enum Field {
    Path,
    Kind,
    Sha256,
    Sha256Lf,
    Other,
}

impl<'de> serde::Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_identifier(FieldName)
    }
}

struct FieldName;

impl Visitor<'_> for FieldName {
    type Value = Field;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("field identifier")
    }

    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Field, E> {
        Ok(match index {
            0 => Field::Path,
            1 => Field::Kind,
            2 => Field::Sha256,
            3 => Field::Sha256Lf,
            _ => Field::Other,
        })
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Field, E> {
        Ok(match name {
            "path" => Field::Path,
            "kind" => Field::Kind,
            "sha256" => Field::Sha256,
            "sha256Lf" => Field::Sha256Lf,
            _ => Field::Other,
        })
    }

    fn visit_bytes<E: de::Error>(self, name: &[u8]) -> Result<Field, E> {
        match std::str::from_utf8(name) {
            Ok(name) => self.visit_str(name),
            Err(_) => Ok(Field::Other),
        }
    }
}

struct Fields;

impl<'de> Visitor<'de> for Fields {
    type Value = PathObservation;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("struct PathObservation")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PathObservation, A::Error> {
        let missing =
            |at: usize| de::Error::invalid_length(at, &"struct PathObservation with 4 elements");
        let path: String = seq.next_element()?.ok_or_else(|| missing(0))?;
        let kind: EntryKind = seq.next_element()?.ok_or_else(|| missing(1))?;
        let sha256: Option<String> = seq.next_element()?.unwrap_or_default();
        let sha256_lf: Option<String> = seq.next_element()?.unwrap_or_default();
        Ok(observation(path, kind, sha256, sha256_lf))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PathObservation, A::Error> {
        let (mut path, mut kind, mut sha256, mut sha256_lf) = (None, None, None, None);
        while let Some(field) = map.next_key::<Field>()? {
            match field {
                Field::Path => put(&mut path, "path", map.next_value()?)?,
                Field::Kind => put(&mut kind, "kind", map.next_value()?)?,
                Field::Sha256 => put(&mut sha256, "sha256", map.next_value()?)?,
                Field::Sha256Lf => put(&mut sha256_lf, "sha256Lf", map.next_value()?)?,
                Field::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let path = path.ok_or_else(|| de::Error::missing_field("path"))?;
        let kind = kind.ok_or_else(|| de::Error::missing_field("kind"))?;
        Ok(observation(
            path,
            kind,
            sha256.flatten(),
            sha256_lf.flatten(),
        ))
    }
}

/// Keeps a field's value, refusing it a second time.
fn put<T, E: de::Error>(slot: &mut Option<T>, name: &'static str, value: T) -> Result<(), E> {
    if slot.is_some() {
        return Err(de::Error::duplicate_field(name));
    }
    *slot = Some(value);
    Ok(())
}

fn observation(
    path: String,
    kind: EntryKind,
    sha256: Option<String>,
    sha256_lf: Option<String>,
) -> PathObservation {
    PathObservation {
        path,
        observed: Observed {
            kind,
            sha256,
            sha256_lf,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-written impls read and write what the flat derive did.
    #[test]
    fn reads_and_writes_the_flat_object() {
        let json = r#"{"path":"a","kind":"file","sha256":"ab","sha256Lf":"cd","extra":1}"#;
        let read: PathObservation = serde_json::from_str(json).unwrap();
        assert_eq!(read.path, "a");
        assert_eq!(read.observed.sha256_lf.as_deref(), Some("cd"));
        assert_eq!(
            serde_json::to_string(&read).unwrap(),
            r#"{"path":"a","kind":"file","sha256":"ab","sha256Lf":"cd"}"#
        );
        let missing: PathObservation =
            serde_json::from_str(r#"{"path":"b","kind":"missing","sha256":null}"#).unwrap();
        assert_eq!(
            serde_json::to_string(&missing).unwrap(),
            r#"{"path":"b","kind":"missing"}"#
        );
        let no_kind = serde_json::from_str::<PathObservation>(r#"{"path":"c"}"#).unwrap_err();
        assert!(
            no_kind.to_string().starts_with("missing field `kind`"),
            "{no_kind}"
        );
        let twice =
            serde_json::from_str::<PathObservation>(r#"{"path":"c","path":"d","kind":"file"}"#)
                .unwrap_err();
        assert!(
            twice.to_string().starts_with("duplicate field `path`"),
            "{twice}"
        );
        let wrong = serde_json::from_str::<PathObservation>("3").unwrap_err();
        assert!(
            wrong
                .to_string()
                .contains("expected struct PathObservation"),
            "{wrong}"
        );
    }
}
