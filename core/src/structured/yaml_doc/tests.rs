//! The reader on the shapes config files use, and on what it must refuse.

use super::*;

fn value(text: &str) -> Value {
    parse(text).unwrap().value()
}

fn s(text: &str) -> Value {
    Value::String(text.into())
}

#[test]
fn reads_block_and_flow_styles() {
    let text = "---\n# c\nkey: value # note\nq: \"a\\tb\"\ns: 'it''s'\nn: 0.5\nb: true\nz: ~\nempty:\nlist:\n- a\n-   b\nnested:\n    deep:\n        - name: x\n          globs: [\"*.js\", b]\n        - {name: y, n: 2}\n";
    let Value::Map(m) = value(text) else { panic!() };
    let keys: Vec<_> = m.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        keys,
        ["key", "q", "s", "n", "b", "z", "empty", "list", "nested"]
    );
    assert_eq!(m[1].1, s("a\tb"));
    assert_eq!(m[2].1, s("it's"));
    assert_eq!(m[6].1, Value::Null);
    assert_eq!(m[7].1, Value::List(vec![s("a"), s("b")]));
    let doc = parse(text).unwrap();
    let deep = doc.lookup("nested.deep").unwrap();
    let Kind::List(items) = &deep.kind else {
        panic!()
    };
    assert_eq!(
        &text[items[0].span()],
        "name: x\n          globs: [\"*.js\", b]"
    );
    assert_eq!(&text[items[1].span()], "{name: y, n: 2}");
    let e = doc.lookup_entry("empty").unwrap();
    assert_eq!((e.value.start, e.value.end), (e.colon_end, e.colon_end));
}

#[test]
fn spans_of_scalars_in_every_style() {
    let text = "a: \"q\" # c\nb: 'x''y'  # c\nc: !!str &k plain text\nd: |2-\n    lit\n  x\n\ne: >\n  fold\n  ed\n# after\nf: [1, {g: h} ] # c\nh: multi\n  line # c\ni: é\n";
    let doc = parse(text).unwrap();
    let span = |k: &str| {
        let n = doc.lookup(k).unwrap();
        &text[n.span()]
    };
    assert_eq!(span("a"), "\"q\"");
    assert_eq!(span("b"), "'x''y'");
    assert_eq!(span("c"), "plain text");
    let c = doc.lookup("c").unwrap();
    assert_eq!(&text[c.props_start..c.start], "!!str &k ");
    assert_eq!(c.tag.as_deref(), Some("!!str"));
    assert_eq!(span("d"), "|2-\n    lit\n  x");
    assert_eq!(doc.lookup("d").unwrap().value(), s("  lit\nx"));
    assert_eq!(span("e"), ">\n  fold\n  ed");
    assert_eq!(doc.lookup("e").unwrap().value(), s("fold ed\n"));
    assert_eq!(span("f"), "[1, {g: h} ]");
    assert_eq!(span("h"), "multi\n  line");
    assert_eq!(span("i"), "é");
}

#[test]
fn crlf_tabs_and_bom() {
    let text = "a:\t1\r\nb: x\ty\r\nc:\r\n  - 1\r\n";
    let doc = parse(text).unwrap();
    assert_eq!(&text[doc.lookup("b").unwrap().span()], "x\ty");
    assert_eq!(&text[doc.lookup("c").unwrap().span()], "- 1");
    assert_eq!(doc.lookup("a").unwrap().value(), Value::Number("1".into()));
    let bom = "\u{feff}a: 1\n";
    assert_eq!(&bom[parse(bom).unwrap().lookup("a").unwrap().span()], "1");
    // A tab before a block collection is indentation, which YAML forbids.
    assert!(parse("a:\t- b\n").is_err());
    assert!(parse("? x\n:\tkey: v\n").is_err());
}

#[test]
fn core_schema_and_tags() {
    let doc = value("a: -0x1F\nb: +.INF\nc: .INF\nd: !!int '12'\ne: !!str 12\nf: ! 12\ng: !custom 12\nh: 0o17\n");
    let Value::Map(m) = doc else { panic!() };
    assert_eq!(m[0].1, s("-0x1F"));
    assert_eq!(m[1].1, Value::Number("+.INF".into()));
    assert_eq!(m[3].1, Value::Number("12".into()));
    assert_eq!(m[4].1, s("12"));
    assert_eq!(m[5].1, s("12"));
    assert_eq!(m[6].1, Value::Number("12".into()));
    assert_eq!(m[7].1, Value::Number("15".into()));
}

#[test]
fn explicit_keys_and_flow_pairs() {
    assert_eq!(
        value("k: [? x]\n"),
        Value::Map(vec![(
            "k".into(),
            Value::List(vec![Value::Map(vec![("x".into(), Value::Null)])])
        )])
    );
    assert_eq!(value("{? x : y}"), Value::Map(vec![("x".into(), s("y"))]));
    assert_eq!(value("? a\n: b\n"), Value::Map(vec![("a".into(), s("b"))]));
}

#[test]
fn anchors_and_aliases_are_read_and_locked() {
    let text = "base: &b\n  image: node\nuse: *b\nown: 1\n";
    let doc = parse(text).unwrap();
    assert_eq!(
        doc.lookup("use").unwrap().value(),
        doc.lookup("base").unwrap().value()
    );
    assert_eq!(doc.lookup("use").unwrap().locked, Some(Lock::ThroughAlias));
    assert_eq!(
        doc.lookup("base.image").unwrap().locked,
        Some(Lock::SharedAnchor)
    );
    assert_eq!(doc.locked, Some(Lock::SharedAnchor));
    assert_eq!(doc.lookup("own").unwrap().locked, None);
    let unused = parse("a: &x 1\nb: 2\n").unwrap();
    assert_eq!(unused.lookup("a").unwrap().locked, None);
}

#[test]
fn refuses_what_is_not_yaml() {
    for bad in [
        "a:\n\t- 1\n",
        "a: 'open\n",
        "a: b: c\n",
        "a: 1\n  b: 2\n",
        "a: [1, 2\n",
        "a: \"\\u+041\"\n",
        "a: \"\\x+1\"\n",
        "a: \"\\U+0000041\"\n",
        "a: - b\n",
        "a: -\n",
        "a: ? b\n",
        "a: ,x\n",
        "a: ]x\n",
        "a: }x\n",
        "[- x]\n",
        "flow: [a,\nb,\nc]\n",
        "k: {\nk\n:\nv\n}\n",
        "a: *nowhere\n",
    ] {
        assert!(
            matches!(read_stream(bad), Err(ReadError::Invalid(_))),
            "{bad:?}: {:?}",
            read_stream(bad)
        );
    }
}

#[test]
fn refuses_what_it_cannot_hold() {
    for (text, needle) in [
        ("? [a]\n: b\n", "used as a key"),
        ("a: 1\na: 2\n", "duplicate key"),
        ("1: a\n01: b\n", "duplicate key"),
        ("true: a\nTrue: b\n", "duplicate key"),
        ("{0x1F: a, 31: b}", "duplicate key"),
        ("1: a\n\"1\": b\n", "same text"),
        ("a: 1\n---\nb: 2\n", "2 YAML documents"),
        ("a: !!int x\n", "not a valid !!int"),
    ] {
        let err = parse(text).unwrap_err();
        assert!(
            err.message.contains("cannot edit safely") && err.message.contains(needle),
            "{text:?}: {err}"
        );
    }
    let laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n";
    assert!(parse(laughs)
        .unwrap_err()
        .message
        .contains("aliases repeat"));
}

#[test]
fn depth_is_limited_in_every_style() {
    let limit = crate::json::MAX_DEPTH;
    for deep in [
        "- ".repeat(100_000) + "x\n",
        "[".repeat(100_000),
        "{a: ".repeat(100_000),
        "- ".repeat(50_000) + &"[".repeat(50_000),
        "a:\n  ".to_string() + &"- ".repeat(100_000),
    ] {
        let err = read_stream(&deep).unwrap_err();
        let ReadError::Unsupported(e) = err else {
            panic!("{deep:.20}: {err:?}")
        };
        assert!(e.message.contains(&format!("deeper than {limit}")), "{e}");
    }
    let ok = format!("{}x{}", "[".repeat(limit), "]".repeat(limit));
    assert!(read_stream(&ok).is_ok());
    let over = format!("{}x{}", "[".repeat(limit + 1), "]".repeat(limit + 1));
    assert!(read_stream(&over).is_err());
}

#[test]
fn several_documents_are_read_as_a_stream() {
    let docs = read_stream("a: 1\n---\n- b\n...\n--- c\n").unwrap();
    let values: Vec<Value> = docs.iter().map(DocNode::value).collect();
    assert_eq!(values[1], Value::List(vec![s("b")]));
    assert_eq!(values[2], s("c"));
    assert_eq!(read_stream("# only a comment\n").unwrap().len(), 0);
}

#[test]
fn block_scalars_at_the_root_and_empty_ones() {
    for text in [
        ">\n foo\n",
        "--- |\n foo\n",
        "strip: >-\n\nclip: >\n\nkeep: |+\n\n",
        "a: |\n  x\n# c\nb: >\n\n  y\n",
    ] {
        let docs = read_stream(text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
        assert_eq!(docs.len(), 1, "{text:?}");
    }
}
