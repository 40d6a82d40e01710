//! `null` and `undefined` read as a field's default, as a JavaScript default parameter
//! has it: a shell hands an option over as the user gave it (or did not), and the
//! default is the engine's.

/// Deserializes `T`, or its default for `null` / `undefined`.
pub(crate) fn absent_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de> + Default,
{
    Ok(<Option<T> as serde::Deserialize>::deserialize(deserializer)?.unwrap_or_default())
}
