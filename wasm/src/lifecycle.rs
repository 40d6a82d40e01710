//! The lifecycle: release specs, version choice, release layouts, the cache's keys and
//! checks, `new`, `adopt`, the recorded source, `manifest init|check`. Values cross as
//! plain JavaScript objects (serde-wasm-bindgen).

use serde::de::DeserializeOwned;
use serde::Serialize;
use upkeep_core::lifecycle as life;
use upkeep_core::ErrorKind;
use wasm_bindgen::prelude::*;

use crate::convert::{decode, decode_or_default, encode, optional_text};
use crate::error::to_js;

/// Decode `input` as `I`, run `call`, encode its answer: the three steps of every export.
fn typed<I: DeserializeOwned, O: Serialize>(
    name: &str,
    input: JsValue,
    call: impl FnOnce(I) -> upkeep_core::Result<O>,
) -> Result<JsValue, JsValue> {
    let input: I = decode(ErrorKind::InvalidArgument, name, input)?;
    encode(&call(input).map_err(to_js)?)
}

/// Parses a release spec (`npm:create-vite@^6//template-react-ts`, `../tpl.git@1.2.0`, …).
#[wasm_bindgen(js_name = parseReleaseSpec)]
pub fn parse_release_spec(text: &str) -> Result<JsValue, JsValue> {
    encode(&life::parse_release_spec(text).map_err(to_js)?)
}

/// Whether a local path is a git repository, from the names at its top.
#[wasm_bindgen(js_name = isGitRepository)]
pub fn is_git_repository(folder: JsValue) -> Result<bool, JsValue> {
    let folder: life::LocalFolder = decode(ErrorKind::InvalidArgument, "isGitRepository", folder)?;
    Ok(life::is_git_repository(&folder))
}

/// Decides what a bare local path is: a git repository (read at its tags) or a directory.
#[wasm_bindgen(js_name = resolveLocalSpec)]
pub fn resolve_local_spec(spec: JsValue, git_repository: bool) -> Result<JsValue, JsValue> {
    typed("resolveLocalSpec", spec, |s| {
        life::resolve_local(&s, git_repository)
    })
}

/// The spec with its local path replaced (as `.upkeep/source.json` records it).
#[wasm_bindgen(js_name = relocateSpec)]
pub fn relocate_spec(spec: JsValue, location: &str) -> Result<JsValue, JsValue> {
    typed("relocateSpec", spec, |s| Ok(life::relocate(&s, location)))
}

/// Writes a spec back: `<source>[@<version>][//<sub-path>]`.
#[wasm_bindgen(js_name = renderReleaseSpec)]
pub fn render_release_spec(
    source: &str,
    version: JsValue,
    subpath: JsValue,
) -> Result<String, JsValue> {
    Ok(life::render_release_spec(
        source,
        optional_text("version", &version)?.as_deref(),
        optional_text("subpath", &subpath)?.as_deref(),
    ))
}

/// Reads `git ls-remote --tags` output.
#[wasm_bindgen(js_name = parseGitTags)]
pub fn parse_git_tags(text: &str) -> Result<JsValue, JsValue> {
    encode(&life::parse_git_tags(text))
}

/// Reads `npm view <name> versions dist-tags --json`; `null` when it is not JSON.
#[wasm_bindgen(js_name = parseNpmView)]
pub fn parse_npm_view(text: &str) -> Result<JsValue, JsValue> {
    encode(&life::parse_npm_view(text))
}

/// The integrity `npm pack --json` gives for its tarball, if it names one (`null`, not
/// `undefined`, as the native addon answers).
#[wasm_bindgen(js_name = npmPackIntegrity)]
pub fn npm_pack_integrity(text: &str) -> JsValue {
    life::npm_pack_integrity(text).map_or(JsValue::NULL, JsValue::from)
}

/// Where a git spec's `#ref` is looked up: found (a full commit id), or the refs to ask for.
#[wasm_bindgen(js_name = gitRefLookup)]
pub fn git_ref_lookup(reference: &str) -> Result<JsValue, JsValue> {
    encode(&life::git_ref_lookup(reference))
}

/// What `#ref` names in `git ls-remote` output: its tag, else its branch, else null.
#[wasm_bindgen(js_name = gitRefFound)]
pub fn git_ref_found(reference: &str, ls_remote: &str) -> Result<JsValue, JsValue> {
    encode(&life::git_ref_found(reference, ls_remote))
}

/// Chooses the release a spec or `--to` asks for.
#[wasm_bindgen(js_name = selectVersion)]
pub fn select_version(query: JsValue) -> Result<JsValue, JsValue> {
    typed("selectVersion", query, |q| life::select_version(&q))
}

/// Lays a release out as a project sees it.
#[wasm_bindgen(js_name = planLayout)]
pub fn plan_layout(input: JsValue) -> Result<JsValue, JsValue> {
    typed("planLayout", input, |i| life::plan_layout(&i))
}

/// [`planLayout`] over a packed listing: paths NUL-terminated in one string, one kind byte
/// each; the files come back as columns, `from` a `Uint32Array` of listing indices.
#[wasm_bindgen(js_name = planLayoutPacked)]
pub fn plan_layout_packed(input: JsValue, paths: &str, kinds: &[u8]) -> Result<JsValue, JsValue> {
    let input = decode(ErrorKind::InvalidArgument, "planLayout", input)?;
    let layout = life::plan_layout_packed(input, paths, kinds).map_err(to_js)?;
    let out = encode(&layout)?;
    let from = js_sys::Uint32Array::from(&layout.from[..]);
    js_sys::Reflect::set(&out, &"from".into(), &from.into())?;
    Ok(out)
}

/// Where upkeep's release cache is: `$XDG_CACHE_HOME/upkeep` when that is an absolute
/// path, else `<home>/.cache/upkeep`.
#[wasm_bindgen(js_name = cacheRoot)]
pub fn cache_root(xdg_cache_home: Option<String>, home: &str) -> String {
    life::cache_root(xdg_cache_home.as_deref(), home)
}

/// The cache folder of a release.
#[wasm_bindgen(js_name = cacheKey)]
pub fn cache_key(input: JsValue) -> Result<String, JsValue> {
    let input: life::CacheKeyInput = decode(ErrorKind::InvalidArgument, "cacheKey", input)?;
    life::cache_key(&input).map_err(to_js)
}

/// Writes a cache entry's index.
#[wasm_bindgen(js_name = renderCacheIndex)]
pub fn render_cache_index(index: JsValue) -> Result<String, JsValue> {
    let index: life::CacheIndex = decode(ErrorKind::InvalidArgument, "renderCacheIndex", index)?;
    Ok(life::render_cache_index(&index))
}

/// The notice of a damaged cache entry, fetched again.
#[wasm_bindgen(js_name = cacheDamagedNotice)]
pub fn cache_damaged_notice(release: &str, damage: &str) -> String {
    life::cache_damaged_notice(release, damage)
}

/// Checks a cache entry against its index (`unlisted`: why its tree could not be listed).
#[wasm_bindgen(js_name = verifyCacheEntry)]
pub fn verify_cache_entry(
    index_text: JsValue,
    found: JsValue,
    unlisted: JsValue,
) -> Result<JsValue, JsValue> {
    let found: Vec<life::CachedFile> =
        decode(ErrorKind::InvalidArgument, "verifyCacheEntry", found)?;
    encode(&life::verify_cache_entry(
        optional_text("indexText", &index_text)?.as_deref(),
        &found,
        optional_text("unlisted", &unlisted)?.as_deref(),
    ))
}

/// A folder's fingerprint from its entries' lstat stamps.
#[wasm_bindgen(js_name = folderFingerprint)]
pub fn folder_fingerprint(entries: JsValue) -> Result<String, JsValue> {
    let entries: Vec<life::CachedFile> =
        decode(ErrorKind::InvalidArgument, "folderFingerprint", entries)?;
    Ok(life::folder_fingerprint(&entries))
}

/// Parses `.upkeep/source.json`.
#[wasm_bindgen(js_name = parseProjectSource)]
pub fn parse_project_source(text: &str, label: JsValue) -> Result<JsValue, JsValue> {
    let label = optional_text("label", &label)?;
    encode(&life::parse_project_source(text, label.as_deref()).map_err(to_js)?)
}

/// Writes `.upkeep/source.json`.
#[wasm_bindgen(js_name = renderProjectSource)]
pub fn render_project_source(record: JsValue) -> Result<String, JsValue> {
    let record: life::ProjectSource =
        decode(ErrorKind::InvalidArgument, "renderProjectSource", record)?;
    Ok(life::render_project_source(&record))
}

/// How `upkeep new` starts in its target folder.
#[wasm_bindgen(js_name = scaffoldStart)]
pub fn scaffold_start(input: JsValue) -> Result<JsValue, JsValue> {
    typed("scaffoldStart", input, |i| life::scaffold_start(&i))
}

/// Plans `upkeep new`.
#[wasm_bindgen(js_name = planScaffold)]
pub fn plan_scaffold(input: JsValue) -> Result<JsValue, JsValue> {
    typed("planScaffold", input, |i| life::plan_scaffold(&i))
}

/// Reads the executor's outcomes of `upkeep new`: `null` when it finished, else why it stops.
#[wasm_bindgen(js_name = scaffoldHalt)]
pub fn scaffold_halt(run: JsValue) -> Result<JsValue, JsValue> {
    typed("scaffoldHalt", run, |r| Ok(life::scaffold_halt(&r)))
}

/// Plans `upkeep adopt`.
#[wasm_bindgen(js_name = planAdopt)]
pub fn plan_adopt(input: JsValue) -> Result<JsValue, JsValue> {
    typed("planAdopt", input, |i| life::plan_adopt(&i))
}

/// The two releases of a bare `upkeep update` / `upkeep status`.
#[wasm_bindgen(js_name = updateSources)]
pub fn update_sources(input: JsValue) -> Result<JsValue, JsValue> {
    typed("updateSources", input, |i| life::update_sources(&i))
}

/// Where an extracted archive's release is (its one top-level folder, the file holding an
/// npm package's version).
#[wasm_bindgen(js_name = archiveRoot)]
pub fn archive_root(top: JsValue, state_dir: &str) -> Result<JsValue, JsValue> {
    let top: Vec<life::TopEntry> = decode(ErrorKind::InvalidArgument, "top", top)?;
    encode(&life::archive_root(&top, state_dir))
}

/// The `version` string of a `package.json`; `null` when it has none (as the addon
/// answers).
#[wasm_bindgen(js_name = packageVersion, unchecked_return_type = "string | null")]
pub fn package_version(text: &str) -> JsValue {
    life::package_version(text).map_or(JsValue::NULL, JsValue::from)
}

/// The record (`source.json`) once an update installed `latest`; `null` without one.
#[wasm_bindgen(js_name = installedRecord, unchecked_return_type = "string | null")]
pub fn installed_record(sources: JsValue, latest: JsValue) -> Result<JsValue, JsValue> {
    let sources: life::UpdateSources = decode(ErrorKind::InvalidArgument, "sources", sources)?;
    let latest: life::InstalledRelease = decode(ErrorKind::InvalidArgument, "latest", latest)?;
    // `null`, as the addon answers; an `Option` would cross as `undefined`.
    Ok(life::installed_record(&sources, &latest).map_or(JsValue::NULL, JsValue::from))
}

/// The notice of an update whose recorded source could not follow its version.
#[wasm_bindgen(js_name = recordBehindNotice)]
pub fn record_behind_notice(path: &str, error: &str) -> String {
    life::record_behind_notice(path, error)
}

/// Whether a release is what the project recorded: `null`, or a notice when it is not and
/// `allow` (`null`, not `undefined`, as the native addon answers).
#[wasm_bindgen(js_name = checkReleaseDrift)]
pub fn check_release_drift(
    spec: &str,
    expected: JsValue,
    found: JsValue,
    allow: bool,
) -> Result<JsValue, JsValue> {
    let notice = life::check_release_drift(
        spec,
        optional_text("expected", &expected)?.as_deref(),
        optional_text("found", &found)?.as_deref(),
        allow,
    )
    .map_err(to_js)?;
    Ok(notice.map_or(JsValue::NULL, JsValue::from))
}

/// Parses a `manifest init` rules file.
#[wasm_bindgen(js_name = parseManifestRules)]
pub fn parse_manifest_rules(text: &str, label: JsValue) -> Result<JsValue, JsValue> {
    let label = optional_text("label", &label)?;
    encode(&life::parse_manifest_rules(text, label.as_deref()).map_err(to_js)?)
}

/// Builds a template folder's manifest from rules.
#[wasm_bindgen(js_name = manifestInit)]
pub fn manifest_init(input: JsValue) -> Result<JsValue, JsValue> {
    typed("manifestInit", input, |i| life::manifest_init(&i))
}

/// Whether `manifest init` writes its manifest (refused over one without `--force`).
#[wasm_bindgen(js_name = manifestWrite)]
pub fn manifest_write(facts: JsValue) -> Result<JsValue, JsValue> {
    typed("manifestWrite", facts, |f| life::manifest_write(&f))
}

/// Why `upkeep adopt <spec>` is refused before the fetch (null: it may go on).
#[wasm_bindgen(js_name = adoptRefusal)]
pub fn adopt_refusal(spec: &str) -> Result<JsValue, JsValue> {
    encode(&life::adopt_refusal(spec).map_err(to_js)?)
}

/// `upkeep new --json`'s document from the run's facts.
#[wasm_bindgen(js_name = newDocument)]
pub fn new_document(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: life::NewFacts = decode(ErrorKind::InvalidArgument, "newDocument", facts)?;
    encode(&life::new_document(facts))
}

/// `upkeep adopt --json`'s document from the run's facts.
#[wasm_bindgen(js_name = adoptDocument)]
pub fn adopt_document(facts: JsValue) -> Result<JsValue, JsValue> {
    let facts: life::AdoptFacts = decode(ErrorKind::InvalidArgument, "adoptDocument", facts)?;
    encode(&life::adopt_document(facts))
}

/// The message of `upkeep new --git`'s first commit.
#[wasm_bindgen(js_name = firstCommitSubject)]
pub fn first_commit_subject(spec: &str) -> String {
    life::first_commit_subject(spec)
}

/// The next git command of `upkeep new --git`'s first commit, or its outcome.
#[wasm_bindgen(js_name = firstCommitStep)]
pub fn first_commit_step(spec: &str, ran: JsValue) -> Result<JsValue, JsValue> {
    let ran: Vec<life::GitRan> = decode(ErrorKind::InvalidArgument, "ran", ran)?;
    encode(&life::first_commit_step(spec, &ran))
}

/// What `upkeep new --git` prints about the first commit, and its exit code.
#[wasm_bindgen(js_name = firstCommitWords)]
pub fn first_commit_words(git: JsValue) -> Result<JsValue, JsValue> {
    let git: Option<life::FirstCommit> = decode_or_default(ErrorKind::InvalidArgument, "git", git)?;
    encode(&life::first_commit_words(git.as_ref()))
}

/// How messages name a release of side `label` (`baseline`, `latest`, `release`), and its flag.
#[wasm_bindgen(js_name = releaseWords)]
pub fn release_words(label: &str, text: &str) -> Result<JsValue, JsValue> {
    encode(&life::release_words(label, text).map_err(to_js)?)
}

/// The refusal of a release that cannot be opened as named.
#[wasm_bindgen(js_name = releaseRefusal)]
pub fn release_refusal(problem: JsValue) -> Result<JsValue, JsValue> {
    let problem: life::ReleaseProblem =
        decode(ErrorKind::InvalidArgument, "releaseRefusal", problem)?;
    encode(&life::release_refusal(&problem))
}

/// The refusal of a release that could not be fetched or read.
#[wasm_bindgen(js_name = fetchRefusal)]
pub fn fetch_refusal(problem: JsValue) -> Result<JsValue, JsValue> {
    let problem: life::FetchProblem = decode(ErrorKind::InvalidArgument, "fetchRefusal", problem)?;
    encode(&life::fetch_refusal(&problem))
}

/// What pins a fetched release (`resolved`): a git tag and commit, an archive's integrity; null for a directory.
#[wasm_bindgen(js_name = resolvedIdentity)]
pub fn resolved_identity(facts: JsValue) -> Result<JsValue, JsValue> {
    typed("resolvedIdentity", facts, |f| {
        Ok(life::resolved_identity(&f))
    })
}

/// The shipped paths whose text `checkManifest` needs.
#[wasm_bindgen(js_name = manifestCheckReads)]
pub fn manifest_check_reads(manifest: &str) -> Vec<String> {
    life::manifest_check_reads(manifest)
}

/// Every problem of a release's manifest.
#[wasm_bindgen(js_name = checkManifest)]
pub fn check_manifest(input: JsValue) -> Result<JsValue, JsValue> {
    typed("checkManifest", input, |i| Ok(life::check_manifest(&i)))
}

/// Whether a release being opened comes from the cache, and from which entry.
#[wasm_bindgen(js_name = releaseCacheMove)]
pub fn release_cache_move(question: JsValue) -> Result<JsValue, JsValue> {
    let question: life::CacheQuestion =
        decode(ErrorKind::InvalidArgument, "releaseCacheMove", question)?;
    encode(&life::release_cache_move(&question).map_err(to_js)?)
}
