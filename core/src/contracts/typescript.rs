//! schemars's definitions read back as TypeScript declarations.
//!
//! A definition becomes `export type Name = …;` with its doc comment. A field is required
//! unless serde leaves it out when it has nothing to say (`skip_serializing_if`: not among
//! schemars's `required`) or it says otherwise with the `tsOptional` extension: `true`
//! makes the key optional and takes `null` out of its type (a field serde fills in when it
//! is left out), `"nullable"` makes the key optional and keeps `null`. A schema
//! with a `tsType` extension is that TypeScript, as written (the hand-declared types, and
//! fields whose serde is written by hand).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

/// Every definition as a TypeScript declaration, sorted by name; `Err` lists the names two
/// types would both declare (schemars numbers the second `Name2`) or that TypeScript
/// could not declare (a generic type's `Name_for_T`).
pub(super) fn declarations(
    definitions: &Map<String, Value>,
) -> Result<Vec<(String, String)>, Vec<String>> {
    let clashes: Vec<String> = definitions
        .keys()
        .filter(|name| {
            let base = name.trim_end_matches(|c: char| c.is_ascii_digit());
            (base.len() < name.len() && definitions.contains_key(base)) || !is_identifier(name)
        })
        .cloned()
        .collect();
    if !clashes.is_empty() {
        return Err(clashes);
    }
    let declared: BTreeMap<&String, String> = definitions
        .iter()
        .map(|(name, schema)| {
            let text = format!("{}export type {name} = {};", doc(schema), ty(schema));
            (name, text)
        })
        .collect();
    Ok(declared
        .into_iter()
        .map(|(name, text)| (name.clone(), text))
        .collect())
}

/// A schema's title and description as a doc comment, or nothing.
fn doc(schema: &Value) -> String {
    let text = |key: &str| schema.get(key).and_then(Value::as_str).unwrap_or("");
    let paragraphs: Vec<&str> = [text("title"), text("description")]
        .into_iter()
        .filter(|t| !t.is_empty())
        .collect();
    if paragraphs.is_empty() {
        return String::new();
    }
    let lines: String = paragraphs
        .join("\n\n")
        .lines()
        .map(|line| format!(" * {}\n", line.replace("*/", "*\\/")).replace(" * \n", " *\n"))
        .collect();
    format!("/**\n{lines} */\n")
}

/// The TypeScript type a schema describes.
fn ty(schema: &Value) -> String {
    let object = match schema {
        Value::Object(object) => object,
        Value::Bool(true) => return "unknown".into(),
        _ => return "never".into(),
    };
    if let Some(ts) = object.get("tsType").and_then(Value::as_str) {
        // An `Option` of a hand-declared type adds `null` to the JSON type it names.
        let nullable = matches!(object.get("type"), Some(Value::Array(types)) if types.iter().any(|t| t == "null"));
        let says_null = ts.split('|').any(|choice| choice.trim() == "null");
        return if nullable && !says_null {
            format!("{} | null", grouped(ts.into()))
        } else {
            ts.into()
        };
    }
    if let Some(value) = object.get("const") {
        return value.to_string();
    }
    if let Some(Value::Array(values)) = object.get("enum") {
        return union(values.iter().map(Value::to_string));
    }
    let mut parts = Vec::new();
    match object.get("type") {
        Some(Value::String(name)) => parts.push(typed(name, object)),
        Some(Value::Array(names)) => parts.push(union(
            names
                .iter()
                .filter_map(Value::as_str)
                .map(|name| typed(name, object)),
        )),
        _ => {}
    }
    if let Some(Value::String(reference)) = object.get("$ref") {
        parts.push(reference.rsplit('/').next().unwrap_or_default().into());
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(Value::Array(choices)) = object.get(key) {
            parts.push(union(choices.iter().map(ty)));
        }
    }
    if let Some(Value::Array(all)) = object.get("allOf") {
        parts.extend(all.iter().map(|part| grouped(ty(part))));
    }
    match parts.len() {
        0 => "unknown".into(),
        1 => parts.remove(0),
        _ => parts
            .into_iter()
            .map(grouped)
            .collect::<Vec<_>>()
            .join(" & "),
    }
}

/// A schema's type for one of its JSON types.
fn typed(name: &str, object: &Map<String, Value>) -> String {
    match name {
        "string" => "string".into(),
        "integer" | "number" => "number".into(),
        "boolean" => "boolean".into(),
        "null" => "null".into(),
        "array" => match (object.get("prefixItems"), object.get("items")) {
            (Some(Value::Array(items)), _) => {
                format!("[{}]", items.iter().map(ty).collect::<Vec<_>>().join(", "))
            }
            (_, Some(items)) => format!("Array<{}>", ty(items)),
            _ => "Array<unknown>".into(),
        },
        "object" => object_type(object),
        _ => "unknown".into(),
    }
}

/// Whether a field's key may be left out, and what its type is then.
enum Presence {
    /// Always there.
    Required,
    /// May be left out, and is never `null` when there (`tsOptional: true`).
    Optional,
    /// May be left out, its type as it is (`tsOptional: "nullable"`, or a field serde leaves
    /// out when it has nothing to say: not among schemars's `required`).
    OptionalAsIs,
}

/// A field's [`Presence`].
fn presence(key: &str, schema: &Value, required: &BTreeSet<&str>) -> Presence {
    match schema.get("tsOptional") {
        Some(Value::Bool(true)) => Presence::Optional,
        Some(_) => Presence::OptionalAsIs,
        None if required.contains(key) => Presence::Required,
        None => Presence::OptionalAsIs,
    }
}

/// An object's fields, or a map's values by key.
fn object_type(object: &Map<String, Value>) -> String {
    let fields = match object.get("properties") {
        Some(Value::Object(properties)) => properties,
        _ => {
            return match object.get("additionalProperties") {
                Some(Value::Bool(false)) => "Record<string, never>".into(),
                Some(values @ Value::Object(_)) => format!("{{ [key in string]: {} }}", ty(values)),
                _ => "Record<string, unknown>".into(),
            }
        }
    };
    let required: BTreeSet<&str> = match object.get("required") {
        Some(Value::Array(names)) => names.iter().filter_map(Value::as_str).collect(),
        _ => BTreeSet::new(),
    };
    // No line break after the brace: the formatter keeps a short object on one line.
    let mut text = String::from("{ ");
    for (key, schema) in fields {
        let (mark, field_type) = match presence(key, schema, &required) {
            Presence::Required => ("", ty(schema)),
            Presence::Optional => ("?", without_null(schema)),
            Presence::OptionalAsIs => ("?", ty(schema)),
        };
        let name = if is_identifier(key) {
            key.clone()
        } else {
            Value::String(key.clone()).to_string()
        };
        text.push_str(&format!("{}{name}{mark}: {field_type};\n", doc(schema)));
    }
    text.push('}');
    text
}

/// A field's type with `null` taken out (an `Option` the key's absence stands for): out of
/// its JSON types or its choices; a union of one is that one.
fn without_null(schema: &Value) -> String {
    let mut schema = schema.clone();
    if let Some(object) = schema.as_object_mut() {
        if let Some(Value::Array(types)) = object.get_mut("type") {
            types.retain(|t| t != "null");
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(Value::Array(choices)) = object.get_mut(key) {
                choices.retain(|c| c.get("type").and_then(Value::as_str) != Some("null"));
            }
        }
    }
    ty(&schema)
}

/// Alternatives joined as a union, each once, in order (`&` binds tighter than `|`, so an
/// intersection needs no parentheses there).
fn union(choices: impl Iterator<Item = String>) -> String {
    let mut seen = BTreeSet::new();
    let unique: Vec<String> = choices
        .filter(|choice| seen.insert(choice.clone()))
        .collect();
    unique.join(" | ")
}

/// A type wrapped in parentheses when it is a union or intersection at its top level.
fn grouped(text: String) -> String {
    if top_level_contains(&text, &['|', '&']) {
        format!("({text})")
    } else {
        text
    }
}

/// Whether one of `marks` occurs outside any brackets, braces, parentheses or quotes.
fn top_level_contains(text: &str, marks: &[char]) -> bool {
    let mut depth = 0i32;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '{' | '[' | '(' | '<') => depth += 1,
            (None, '}' | ']' | ')' | '>') => depth -= 1,
            (None, c) if depth == 0 && marks.contains(&c) => return true,
            _ => {}
        }
    }
    false
}

/// Whether a name can be written bare as a TypeScript identifier or key.
fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn declare(schema: Value) -> String {
        let definitions = json!({ "T": schema });
        declarations(definitions.as_object().unwrap()).unwrap()[0]
            .1
            .clone()
    }

    #[test]
    fn fields_are_required_unless_marked() {
        let text = declare(json!({
            "type": "object",
            "properties": {
                "a": { "type": "string" },
                "b": { "type": ["string", "null"], "tsOptional": true },
                "c": { "anyOf": [{ "$ref": "#/$defs/U" }, { "type": "null" }], "tsOptional": "nullable" },
                "d": { "type": ["number", "null"] },
                "e": { "type": "boolean" },
            },
            "required": ["a", "d"],
        }));
        assert_eq!(
            text,
            "export type T = { a: string;\nb?: string;\nc?: U | null;\nd: number | null;\ne?: boolean;\n};"
        );
    }

    #[test]
    fn unions_tags_and_maps() {
        assert_eq!(
            declare(json!({ "type": "string", "enum": ["a", "b"] })),
            "export type T = \"a\" | \"b\";"
        );
        assert_eq!(
            declare(json!({ "oneOf": [
                { "type": "object", "properties": { "kind": { "const": "x" } }, "required": ["kind"], "$ref": "#/$defs/X" },
                { "type": "array", "prefixItems": [{ "type": "string" }, { "type": "integer" }] },
            ] })),
            "export type T = { kind: \"x\";\n} & X | [string, number];"
        );
        assert_eq!(
            declare(json!({ "type": "object", "additionalProperties": { "type": "boolean" } })),
            "export type T = { [key in string]: boolean };"
        );
    }

    #[test]
    fn docs_and_clashes() {
        assert_eq!(
            declare(json!({ "description": "One.\n\nTwo.", "tsType": "Uint8Array" })),
            "/**\n * One.\n *\n * Two.\n */\nexport type T = Uint8Array;"
        );
        assert_eq!(
            declare(json!({ "tsType": "Uint8Array", "type": ["object", "null"] })),
            "export type T = Uint8Array | null;"
        );
        let definitions = json!({ "A": {}, "A2": {}, "B<C>": {} });
        assert_eq!(
            declarations(definitions.as_object().unwrap()).unwrap_err(),
            vec!["A2".to_string(), "B<C>".to_string()]
        );
    }
}
