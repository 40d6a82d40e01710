//! serde for the loop's documents: they travel as JSON values (keys in the reference's
//! order) and are read back through the same checks as `LOOP.md`.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::json::JsonValue;
use crate::looping::model::{LoopBricks, LoopGraph};
use crate::looping::state::{LoopHistoryEntry, LoopState};

macro_rules! via_json {
    ($ty:ty, $to:expr) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let to: fn(&$ty) -> JsonValue = $to;
                to(self).serialize(serializer)
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let value = JsonValue::deserialize(deserializer)?;
                <$ty>::from_json(&value).map_err(|e| D::Error::custom(e.to_string()))
            }
        }
    };
}

via_json!(LoopGraph, |g| g.to_json().clone());
via_json!(LoopState, LoopState::to_json);

impl Serialize for LoopHistoryEntry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for LoopBricks {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = JsonValue::deserialize(deserializer)?;
        LoopBricks::from_json(&value).map_err(|e| D::Error::custom(e.to_string()))
    }
}
