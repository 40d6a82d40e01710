//! Which served project a document belongs to when more than one folder holds it (a
//! project nested inside another, both open in the editor): the innermost, where the
//! document's path is shortest. The outer project does not manage the inner one's files,
//! so taking it would show nothing where the inner one has something to say.
//!
//! ```
//! use upkeep_core::editor::document_owner;
//!
//! let paths = [Some("packages/web/README.md".to_string()), None, Some("README.md".to_string())];
//! assert_eq!(document_owner(&paths), Some(2));
//! assert_eq!(document_owner(&[None, None]), None);
//! ```

/// The project a document belongs to, from its path inside each served project (`None`
/// where the project does not hold it), in the order they are served: the one with the
/// fewest path segments; the first of equals. None when no project holds it.
pub fn document_owner(paths: &[Option<String>]) -> Option<usize> {
    paths
        .iter()
        .enumerate()
        .filter_map(|(index, path)| path.as_ref().map(|p| (p.split('/').count(), index)))
        .min()
        .map(|(_, index)| index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_innermost_first_of_equals() {
        let p = |s: &str| Some(s.to_string());
        assert_eq!(document_owner(&[p("a/b/c"), p("b/c"), p("c")]), Some(2));
        assert_eq!(document_owner(&[p("x"), p("y")]), Some(0));
        assert_eq!(document_owner(&[]), None);
    }
}
