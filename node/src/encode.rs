//! Answers encoded as JavaScript values exactly as the wasm build encodes them
//! (`wasm/src/convert.rs`): structs and maps as plain objects, sequences and tuples as
//! arrays, `None` and `()` as `null`, and byte strings as plain `Uint8Array`s.
//!
//! napi-rs's own serde serializer does all of that but turns bytes into Node `Buffer`s, so
//! the text calls needed hand-written result structs next to the serde types to keep the
//! promised `Uint8Array`. This serializer hands every scalar to napi-rs's (same numbers,
//! strings and booleans) and builds the containers itself, so one serde route serves every
//! call and bytes look the same on both engines. A struct's field names are made into
//! JavaScript strings once per answer, not once per object (100,000 numstat rows share
//! their three keys).

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use napi::bindgen_prelude::{JsObjectValue, JsValue, Object, ToNapiValue, Uint8Array, Unknown};
use napi::Env;
use serde::ser::{self, Serialize};

/// Encodes `value` as described in the module docs.
pub fn to_js<'env, T: Serialize + ?Sized>(
    env: &'env Env,
    value: &T,
) -> napi::Result<Unknown<'env>> {
    let keys = Keys::default();
    value.serialize(Encoder { env, keys: &keys })
}

/// Field names already made into JavaScript strings while encoding one answer.
/// They are found by the address and length of their `&'static str` (serde's field names
/// are string literals), so a lookup costs two multiplications, not a string hash; a name
/// met at another address only makes its string twice.
type Keys<'env> =
    RefCell<HashMap<(usize, usize), Unknown<'env>, BuildHasherDefault<AddressHasher>>>;

/// The hasher of [`Keys`]: a multiplicative mix of the words it is given.
#[derive(Debug, Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_usize(byte.into());
        }
    }

    fn write_usize(&mut self, word: usize) {
        self.0 = (self.0.rotate_left(5) ^ word as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The serializer: one per value, carrying the environment it creates values in and the
/// answer's field names.
#[derive(Clone, Copy)]
struct Encoder<'env, 'k> {
    env: &'env Env,
    keys: &'k Keys<'env>,
}

impl std::fmt::Debug for Encoder<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Encoder")
    }
}

impl<'env, 'k> Encoder<'env, 'k> {
    /// A scalar, encoded by napi-rs's serializer.
    fn scalar<T: Serialize>(self, value: &T) -> Result<Unknown<'env>> {
        self.env.to_js_value(value)
    }

    /// The JavaScript string for the field name `name`, made on its first use.
    fn key(self, name: &'static str) -> Result<Unknown<'env>> {
        let address = (name.as_ptr() as usize, name.len());
        if let Some(key) = self.keys.borrow().get(&address) {
            return Ok(*key);
        }
        let key = self.scalar(&name)?;
        self.keys.borrow_mut().insert(address, key);
        Ok(key)
    }

    /// `{ [variant]: value }`, serde's external tagging of an enum variant with data.
    fn tagged(self, variant: &'static str, value: Unknown<'env>) -> Result<Unknown<'env>> {
        let mut object = Object::new(self.env)?;
        object.set_named_property(variant, value)?;
        Ok(object.to_unknown())
    }
}

/// An encoding failure worded by serde (napi's error is serde's error type here too).
fn custom(message: &str) -> napi::Error {
    <napi::Error as ser::Error>::custom(message)
}

type Result<T> = napi::Result<T>;

macro_rules! scalars {
    ($($method:ident: $ty:ty),* $(,)?) => {
        $(fn $method(self, value: $ty) -> Result<Unknown<'env>> {
            self.scalar(&value)
        })*
    };
}

impl<'env, 'k> ser::Serializer for Encoder<'env, 'k> {
    type Ok = Unknown<'env>;
    type Error = napi::Error;
    type SerializeSeq = Elements<'env, 'k>;
    type SerializeTuple = Elements<'env, 'k>;
    type SerializeTupleStruct = Elements<'env, 'k>;
    type SerializeTupleVariant = Elements<'env, 'k>;
    type SerializeMap = Entries<'env, 'k>;
    type SerializeStruct = Fields<'env, 'k>;
    type SerializeStructVariant = Fields<'env, 'k>;

    scalars!(
        serialize_bool: bool, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
        serialize_i64: i64, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
        serialize_u64: u64, serialize_f32: f32, serialize_f64: f64, serialize_char: char,
    );

    fn serialize_str(self, value: &str) -> Result<Unknown<'env>> {
        self.scalar(&value)
    }

    fn serialize_bytes(self, value: &[u8]) -> Result<Unknown<'env>> {
        Uint8Array::from(value.to_vec()).into_unknown(self.env)
    }

    fn serialize_none(self) -> Result<Unknown<'env>> {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Unknown<'env>> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<Unknown<'env>> {
        self.scalar(&())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<Unknown<'env>> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Unknown<'env>> {
        self.scalar(&variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Unknown<'env>> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Unknown<'env>> {
        let value = value.serialize(self)?;
        self.tagged(variant, value)
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Elements<'env, 'k>> {
        Ok(Elements::new(self, len.unwrap_or(0), None))
    }

    fn serialize_tuple(self, len: usize) -> Result<Elements<'env, 'k>> {
        Ok(Elements::new(self, len, None))
    }

    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Elements<'env, 'k>> {
        Ok(Elements::new(self, len, None))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Elements<'env, 'k>> {
        Ok(Elements::new(self, len, Some(variant)))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Entries<'env, 'k>> {
        Ok(Entries {
            encoder: self,
            object: Object::new(self.env)?,
            key: None,
        })
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Fields<'env, 'k>> {
        Fields::new(self, None)
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Fields<'env, 'k>> {
        Fields::new(self, Some(variant))
    }
}

/// The elements of a sequence, a tuple or a tuple variant, made an array at the end.
pub struct Elements<'env, 'k> {
    encoder: Encoder<'env, 'k>,
    items: Vec<Unknown<'env>>,
    variant: Option<&'static str>,
}

impl<'env, 'k> Elements<'env, 'k> {
    fn new(encoder: Encoder<'env, 'k>, len: usize, variant: Option<&'static str>) -> Self {
        Elements {
            encoder,
            items: Vec::with_capacity(len),
            variant,
        }
    }

    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.items.push(value.serialize(self.encoder)?);
        Ok(())
    }

    fn finish(self) -> Result<Unknown<'env>> {
        let array = self.items.into_unknown(self.encoder.env)?;
        match self.variant {
            None => Ok(array),
            Some(variant) => self.encoder.tagged(variant, array),
        }
    }
}

impl std::fmt::Debug for Elements<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Elements")
            .field("len", &self.items.len())
            .finish()
    }
}

impl<'env, 'k> ser::SerializeSeq for Elements<'env, 'k> {
    type Ok = Unknown<'env>;
    type Error = napi::Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Unknown<'env>> {
        self.finish()
    }
}

impl<'env, 'k> ser::SerializeTuple for Elements<'env, 'k> {
    type Ok = Unknown<'env>;
    type Error = napi::Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Unknown<'env>> {
        self.finish()
    }
}

impl<'env, 'k> ser::SerializeTupleStruct for Elements<'env, 'k> {
    type Ok = Unknown<'env>;
    type Error = napi::Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Unknown<'env>> {
        self.finish()
    }
}

impl<'env, 'k> ser::SerializeTupleVariant for Elements<'env, 'k> {
    type Ok = Unknown<'env>;
    type Error = napi::Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Unknown<'env>> {
        self.finish()
    }
}

/// The entries of a map, set on an object as they come.
pub struct Entries<'env, 'k> {
    encoder: Encoder<'env, 'k>,
    object: Object<'env>,
    key: Option<Unknown<'env>>,
}

impl std::fmt::Debug for Entries<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Entries")
    }
}

impl<'env, 'k> ser::SerializeMap for Entries<'env, 'k> {
    type Ok = Unknown<'env>;
    type Error = napi::Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        self.key = Some(key.serialize(self.encoder)?);
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let key = self
            .key
            .take()
            .ok_or_else(|| custom("a map value was encoded before its key"))?;
        let value = value.serialize(self.encoder)?;
        self.object.set_property(key, value)?;
        Ok(())
    }

    fn end(self) -> Result<Unknown<'env>> {
        Ok(self.object.to_unknown())
    }
}

/// The fields of a struct or a struct variant, set on an object as they come.
pub struct Fields<'env, 'k> {
    encoder: Encoder<'env, 'k>,
    object: Object<'env>,
    variant: Option<&'static str>,
}

impl<'env, 'k> Fields<'env, 'k> {
    fn new(encoder: Encoder<'env, 'k>, variant: Option<&'static str>) -> Result<Self> {
        Ok(Fields {
            encoder,
            object: Object::new(encoder.env)?,
            variant,
        })
    }

    fn set<T: Serialize + ?Sized>(&mut self, name: &'static str, value: &T) -> Result<()> {
        let key = self.encoder.key(name)?;
        let value = value.serialize(self.encoder)?;
        self.object.set_property(key, value)?;
        Ok(())
    }

    fn finish(self) -> Result<Unknown<'env>> {
        let object = self.object.to_unknown();
        match self.variant {
            None => Ok(object),
            Some(variant) => self.encoder.tagged(variant, object),
        }
    }
}

impl std::fmt::Debug for Fields<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Fields")
    }
}

impl<'env, 'k> ser::SerializeStruct for Fields<'env, 'k> {
    type Ok = Unknown<'env>;
    type Error = napi::Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<()> {
        self.set(name, value)
    }
    fn end(self) -> Result<Unknown<'env>> {
        self.finish()
    }
}

impl<'env, 'k> ser::SerializeStructVariant for Fields<'env, 'k> {
    type Ok = Unknown<'env>;
    type Error = napi::Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<()> {
        self.set(name, value)
    }
    fn end(self) -> Result<Unknown<'env>> {
        self.finish()
    }
}
