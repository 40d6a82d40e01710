//! The lifecycle: release specs, version choice, release layouts, the cache's keys and
//! checks, `new`, `adopt`, the recorded source, `manifest init|check`. Values cross as
//! plain JavaScript objects (serde).

use crate::convert::{decode, decode_or_default, encode};
use napi::bindgen_prelude::{FromNapiValue, JsValue, Object, Uint32Array, Uint8Array, Unknown};
use napi::Env;
use napi_derive::napi;
use serde::de::DeserializeOwned;
use serde::Serialize;
use upkeep_core::lifecycle as life;
use upkeep_core::ErrorKind;

use crate::error::to_js;

/// Decode `input` as `I`, run `call`, encode its answer: the three steps of every export.
fn typed<'env, I: DeserializeOwned, O: Serialize>(
    env: &'env Env,
    name: &str,
    input: Object,
    call: impl FnOnce(I) -> upkeep_core::Result<O>,
) -> napi::Result<Unknown<'env>> {
    let input: I = decode(env, ErrorKind::InvalidArgument, name, input)?;
    let out = call(input).map_err(|e| to_js(env, e))?;
    encode(env, &out)
}

/// Parses a release spec (`npm:create-vite@^6//template-react-ts`, `../tpl.git@1.2.0`, …).
#[napi(ts_return_type = "ReleaseSpec")]
pub fn parse_release_spec<'env>(env: &'env Env, text: String) -> napi::Result<Unknown<'env>> {
    encode(
        env,
        &life::parse_release_spec(&text).map_err(|e| to_js(env, e))?,
    )
}

/// Whether a local path is a git repository, from the names at its top.
#[napi]
pub fn is_git_repository(
    env: &Env,
    #[napi(ts_arg_type = "LocalFolder")] folder: Object,
) -> napi::Result<bool> {
    let folder: life::LocalFolder =
        decode(env, ErrorKind::InvalidArgument, "isGitRepository", folder)?;
    Ok(life::is_git_repository(&folder))
}

/// Decides what a bare local path is: a git repository (read at its tags) or a directory.
#[napi(ts_return_type = "ReleaseSpec")]
pub fn resolve_local_spec<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "ReleaseSpec")] spec: Object,
    git_repository: bool,
) -> napi::Result<Unknown<'env>> {
    typed(env, "resolveLocalSpec", spec, |s| {
        life::resolve_local(&s, git_repository)
    })
}

/// The spec with its local path replaced (as `.upkeep/source.json` records it).
#[napi(ts_return_type = "ReleaseSpec")]
pub fn relocate_spec<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "ReleaseSpec")] spec: Object,
    location: String,
) -> napi::Result<Unknown<'env>> {
    typed(env, "relocateSpec", spec, |s| {
        Ok(life::relocate(&s, &location))
    })
}

/// Writes a spec back: `<source>[@<version>][//<sub-path>]`.
#[napi]
pub fn render_release_spec(
    source: String,
    version: Option<String>,
    subpath: Option<String>,
) -> String {
    life::render_release_spec(&source, version.as_deref(), subpath.as_deref())
}

/// Reads `git ls-remote --tags` output.
#[napi(ts_return_type = "GitTag[]")]
pub fn parse_git_tags<'env>(env: &'env Env, text: String) -> napi::Result<Unknown<'env>> {
    encode(env, &life::parse_git_tags(&text))
}

/// Reads `npm view <name> versions dist-tags --json`; `null` when it is not JSON.
#[napi(ts_return_type = "NpmVersions | null")]
pub fn parse_npm_view<'env>(env: &'env Env, text: String) -> napi::Result<Unknown<'env>> {
    encode(env, &life::parse_npm_view(&text))
}

/// The integrity `npm pack --json` gives for its tarball, if it names one.
#[napi]
pub fn npm_pack_integrity(text: String) -> Option<String> {
    life::npm_pack_integrity(&text)
}

/// Where a git spec's `#ref` is looked up: found (a full commit id), or the refs to ask for.
#[napi(ts_return_type = "GitRefLookup")]
pub fn git_ref_lookup(env: &Env, reference: String) -> napi::Result<Unknown<'_>> {
    encode(env, &life::git_ref_lookup(&reference))
}

/// What `#ref` names in `git ls-remote` output: its tag, else its branch, else null.
#[napi(ts_return_type = "GitRefFound | null")]
pub fn git_ref_found<'env>(
    env: &'env Env,
    reference: String,
    ls_remote: String,
) -> napi::Result<Unknown<'env>> {
    encode(env, &life::git_ref_found(&reference, &ls_remote))
}

/// Chooses the release a spec or `--to` asks for.
#[napi(ts_return_type = "SelectedVersion")]
pub fn select_version<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "VersionQuery")] query: Object,
) -> napi::Result<Unknown<'env>> {
    typed(env, "selectVersion", query, |q| life::select_version(&q))
}

/// Lays a release out as a project sees it.
#[napi(ts_return_type = "ReleaseLayout")]
pub fn plan_layout<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "LayoutInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    typed(env, "planLayout", input, |i| life::plan_layout(&i))
}

/// [`planLayout`] over a packed listing: paths NUL-terminated in one string, one kind byte
/// each; the files come back as columns, `from` a `Uint32Array` of listing indices.
#[napi(ts_return_type = "PackedLayout & { from: Uint32Array }")]
pub fn plan_layout_packed<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "LayoutInput")] input: Object,
    paths: String,
    kinds: Uint8Array,
) -> napi::Result<Unknown<'env>> {
    let input = decode(env, ErrorKind::InvalidArgument, "planLayout", input)?;
    let layout = life::plan_layout_packed(input, &paths, &kinds).map_err(|e| to_js(env, e))?;
    let mut out = Object::from_unknown(encode(env, &layout)?)?;
    out.set("from", Uint32Array::new(layout.from))?;
    Ok(out.to_unknown())
}

/// Where upkeep's release cache is: `$XDG_CACHE_HOME/upkeep` when that is an absolute
/// path, else `<home>/.cache/upkeep`.
#[napi]
pub fn cache_root(xdg_cache_home: Option<String>, home: String) -> String {
    life::cache_root(xdg_cache_home.as_deref(), &home)
}

/// The cache folder of a release.
#[napi]
pub fn cache_key(
    env: Env,
    #[napi(ts_arg_type = "CacheKeyInput")] input: Object,
) -> napi::Result<String> {
    let input: life::CacheKeyInput = decode(&env, ErrorKind::InvalidArgument, "cacheKey", input)?;
    life::cache_key(&input).map_err(|e| to_js(&env, e))
}

/// Writes a cache entry's index.
#[napi]
pub fn render_cache_index(
    env: Env,
    #[napi(ts_arg_type = "CacheIndex")] index: Object,
) -> napi::Result<String> {
    let index: life::CacheIndex =
        decode(&env, ErrorKind::InvalidArgument, "renderCacheIndex", index)?;
    Ok(life::render_cache_index(&index))
}

/// The notice of a damaged cache entry, fetched again.
#[napi]
pub fn cache_damaged_notice(release: String, damage: String) -> String {
    life::cache_damaged_notice(&release, &damage)
}

/// Checks a cache entry against its index (`unlisted`: why its tree could not be listed).
#[napi(ts_return_type = "CacheVerdict")]
pub fn verify_cache_entry<'env>(
    env: &'env Env,
    index_text: Option<String>,
    #[napi(ts_arg_type = "CachedFile[]")] found: Object,
    unlisted: Option<String>,
) -> napi::Result<Unknown<'env>> {
    let found: Vec<life::CachedFile> =
        decode(env, ErrorKind::InvalidArgument, "verifyCacheEntry", found)?;
    encode(
        env,
        &life::verify_cache_entry(index_text.as_deref(), &found, unlisted.as_deref()),
    )
}

/// A folder's fingerprint from its entries' lstat stamps.
#[napi]
pub fn folder_fingerprint(
    env: Env,
    #[napi(ts_arg_type = "CachedFile[]")] entries: Object,
) -> napi::Result<String> {
    let entries: Vec<life::CachedFile> = decode(
        &env,
        ErrorKind::InvalidArgument,
        "folderFingerprint",
        entries,
    )?;
    Ok(life::folder_fingerprint(&entries))
}

/// Parses `.upkeep/source.json`.
#[napi(ts_return_type = "ProjectSource")]
pub fn parse_project_source<'env>(
    env: &'env Env,
    text: String,
    label: Option<String>,
) -> napi::Result<Unknown<'env>> {
    let record = life::parse_project_source(&text, label.as_deref()).map_err(|e| to_js(env, e))?;
    encode(env, &record)
}

/// Writes `.upkeep/source.json`.
#[napi]
pub fn render_project_source(
    env: Env,
    #[napi(ts_arg_type = "ProjectSource")] record: Object,
) -> napi::Result<String> {
    let record: life::ProjectSource = decode(
        &env,
        ErrorKind::InvalidArgument,
        "renderProjectSource",
        record,
    )?;
    Ok(life::render_project_source(&record))
}

/// How `upkeep new` starts in its target folder.
#[napi(ts_return_type = "ScaffoldStart")]
pub fn scaffold_start<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "ScaffoldStartInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    typed(env, "scaffoldStart", input, |i| life::scaffold_start(&i))
}

/// Plans `upkeep new`.
#[napi(ts_return_type = "ScaffoldPlan")]
pub fn plan_scaffold<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "ScaffoldInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    typed(env, "planScaffold", input, |i| life::plan_scaffold(&i))
}

/// Reads the executor's outcomes of `upkeep new`: `null` when it finished, else why it stops.
#[napi(ts_return_type = "ScaffoldHalt | null")]
pub fn scaffold_halt<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "ScaffoldRun")] run: Object,
) -> napi::Result<Unknown<'env>> {
    typed(env, "scaffoldHalt", run, |r| Ok(life::scaffold_halt(&r)))
}

/// Plans `upkeep adopt`.
#[napi(ts_return_type = "AdoptPlan")]
pub fn plan_adopt<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "AdoptInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    typed(env, "planAdopt", input, |i| life::plan_adopt(&i))
}

/// The two releases of a bare `upkeep update` / `upkeep status`.
#[napi(ts_return_type = "UpdateSources")]
pub fn update_sources<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "UpdateSourcesInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    typed(env, "updateSources", input, |i| life::update_sources(&i))
}

/// Where an extracted archive's release is (its one top-level folder, the file holding an
/// npm package's version).
#[napi(ts_return_type = "ArchiveRoot")]
pub fn archive_root<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "TopEntry[]")] top: Unknown,
    state_dir: String,
) -> napi::Result<Unknown<'env>> {
    let top: Vec<life::TopEntry> = decode(env, ErrorKind::InvalidArgument, "top", top)?;
    encode(env, &life::archive_root(&top, &state_dir))
}

/// The `version` string of a `package.json`; `null` when it has none.
#[napi]
pub fn package_version(text: String) -> Option<String> {
    life::package_version(&text)
}

/// The record (`source.json`) once an update installed `latest`; `null` without one.
#[napi]
pub fn installed_record(
    env: Env,
    #[napi(ts_arg_type = "UpdateSources")] sources: Unknown,
    #[napi(ts_arg_type = "InstalledRelease")] latest: Unknown,
) -> napi::Result<Option<String>> {
    let sources: life::UpdateSources =
        decode(&env, ErrorKind::InvalidArgument, "sources", sources)?;
    let latest: life::InstalledRelease =
        decode(&env, ErrorKind::InvalidArgument, "latest", latest)?;
    Ok(life::installed_record(&sources, &latest))
}

/// The notice of an update whose recorded source could not follow its version.
#[napi]
pub fn record_behind_notice(path: String, error: String) -> String {
    life::record_behind_notice(&path, &error)
}

/// Whether a release is what the project recorded; a notice when it is not and `allow`.
#[napi]
pub fn check_release_drift(
    env: Env,
    spec: String,
    expected: Option<String>,
    found: Option<String>,
    allow: bool,
) -> napi::Result<Option<String>> {
    life::check_release_drift(&spec, expected.as_deref(), found.as_deref(), allow)
        .map_err(|e| to_js(&env, e))
}

/// Parses a `manifest init` rules file.
#[napi(ts_return_type = "ManifestRules")]
pub fn parse_manifest_rules<'env>(
    env: &'env Env,
    text: String,
    label: Option<String>,
) -> napi::Result<Unknown<'env>> {
    let rules = life::parse_manifest_rules(&text, label.as_deref()).map_err(|e| to_js(env, e))?;
    encode(env, &rules)
}

/// Builds a template folder's manifest from rules.
#[napi(ts_return_type = "ManifestInit")]
pub fn manifest_init<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "ManifestInitInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    typed(env, "manifestInit", input, |i| life::manifest_init(&i))
}

/// Whether `manifest init` writes its manifest (refused over one without `--force`).
#[napi(ts_return_type = "ManifestWrite")]
pub fn manifest_write<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "ManifestWriteFacts")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    typed(env, "manifestWrite", facts, |f| life::manifest_write(&f))
}

/// Why `upkeep adopt <spec>` is refused before the fetch (null: it may go on).
#[napi(ts_return_type = "Refusal | null")]
pub fn adopt_refusal<'env>(env: &'env Env, spec: String) -> napi::Result<Unknown<'env>> {
    encode(env, &life::adopt_refusal(&spec).map_err(|e| to_js(env, e))?)
}

/// `upkeep new --json`'s document from the run's facts.
#[napi(ts_return_type = "NewDocument")]
pub fn new_document<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "NewFacts")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    let facts: life::NewFacts = decode(env, ErrorKind::InvalidArgument, "newDocument", facts)?;
    encode(env, &life::new_document(facts))
}

/// `upkeep adopt --json`'s document from the run's facts.
#[napi(ts_return_type = "AdoptDocument")]
pub fn adopt_document<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "AdoptFacts")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    let facts: life::AdoptFacts = decode(env, ErrorKind::InvalidArgument, "adoptDocument", facts)?;
    encode(env, &life::adopt_document(facts))
}

/// The message of `upkeep new --git`'s first commit.
#[napi]
pub fn first_commit_subject(spec: String) -> String {
    life::first_commit_subject(&spec)
}

/// The next git command of `upkeep new --git`'s first commit, or its outcome.
#[napi(ts_return_type = "FirstCommitStep")]
pub fn first_commit_step<'env>(
    env: &'env Env,
    spec: String,
    #[napi(ts_arg_type = "GitRan[]")] ran: Unknown<'env>,
) -> napi::Result<Unknown<'env>> {
    let ran: Vec<life::GitRan> = decode(env, ErrorKind::InvalidArgument, "ran", ran)?;
    encode(env, &life::first_commit_step(&spec, &ran))
}

/// What `upkeep new --git` prints about the first commit, and its exit code.
#[napi(ts_return_type = "FirstCommitWords")]
pub fn first_commit_words<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "FirstCommit | null")] git: Option<Unknown>,
) -> napi::Result<Unknown<'env>> {
    let git: Option<life::FirstCommit> =
        decode_or_default(env, ErrorKind::InvalidArgument, "git", git)?;
    encode(env, &life::first_commit_words(git.as_ref()))
}

/// How messages name a release of side `label` (`baseline`, `latest`, `release`), and its flag.
#[napi(ts_return_type = "ReleaseWords")]
pub fn release_words<'env>(
    env: &'env Env,
    label: String,
    text: String,
) -> napi::Result<Unknown<'env>> {
    encode(
        env,
        &life::release_words(&label, &text).map_err(|e| to_js(env, e))?,
    )
}

/// The refusal of a release that cannot be opened as named.
#[napi(ts_return_type = "Refusal")]
pub fn release_refusal<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "ReleaseProblem")] problem: Object,
) -> napi::Result<Unknown<'env>> {
    let problem: life::ReleaseProblem =
        decode(env, ErrorKind::InvalidArgument, "releaseRefusal", problem)?;
    encode(env, &life::release_refusal(&problem))
}

/// The refusal of a release that could not be fetched or read.
#[napi(ts_return_type = "Refusal")]
pub fn fetch_refusal<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "FetchProblem")] problem: Object,
) -> napi::Result<Unknown<'env>> {
    let problem: life::FetchProblem =
        decode(env, ErrorKind::InvalidArgument, "fetchRefusal", problem)?;
    encode(env, &life::fetch_refusal(&problem))
}

/// What pins a fetched release (`resolved`): a git tag and commit, an archive's integrity; null for a directory.
#[napi(ts_return_type = "string | null")]
pub fn resolved_identity<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "ResolvedFacts")] facts: Object,
) -> napi::Result<Unknown<'env>> {
    typed(env, "resolvedIdentity", facts, |f| {
        Ok(life::resolved_identity(&f))
    })
}

/// The shipped paths whose text `checkManifest` needs.
#[napi]
pub fn manifest_check_reads(manifest: String) -> Vec<String> {
    life::manifest_check_reads(&manifest)
}

/// Every problem of a release's manifest.
#[napi(ts_return_type = "ManifestCheck")]
pub fn check_manifest<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "ManifestCheckInput")] input: Object,
) -> napi::Result<Unknown<'env>> {
    typed(env, "checkManifest", input, |i| {
        Ok(life::check_manifest(&i))
    })
}

/// Whether a release being opened comes from the cache, and from which entry.
#[napi(ts_return_type = "CacheMove")]
pub fn release_cache_move<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "CacheQuestion")] question: Object,
) -> napi::Result<Unknown<'env>> {
    let question: life::CacheQuestion = decode(
        env,
        ErrorKind::InvalidArgument,
        "releaseCacheMove",
        question,
    )?;
    encode(
        env,
        &life::release_cache_move(&question).map_err(|e| to_js(env, e))?,
    )
}
