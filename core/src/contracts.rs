//! The TypeScript declarations of every type that crosses into JavaScript, generated from
//! the serde types by ts-rs (`make generate` writes them to `npm/lib/generated/types.d.ts`),
//! and the declarations of the few types whose serde is written by hand.

use std::any::TypeId;
use std::collections::{BTreeMap, HashSet};

use ts_rs::{Config, TypeVisitor, TS};

/// Declares a type whose serde impl is hand-written as a fixed TypeScript type.
macro_rules! declared_as {
    ($ty:ty, $ts:expr) => {
        impl TS for $ty {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;
            fn name(_: &Config) -> String {
                String::from($ts)
            }
            fn inline(cfg: &Config) -> String {
                Self::name(cfg)
            }
        }
    };
}

// Bytes travel as `Uint8Array`s in both bindings.
declared_as!(crate::update::Bytes, "Uint8Array");
// Values of JSON documents the engine keeps as they were given.
declared_as!(crate::json::JsonValue, "unknown");
declared_as!(crate::json::Node, "unknown");
// Weight tables serialize as objects, name → weight, in order.
declared_as!(crate::score::Weights, "Record<string, number>");
declared_as!(crate::score::Overrides, "Record<string, number>");
// The loop's documents travel as the JSON of `LOOP.md`: declared by hand in index.d.ts.
declared_as!(crate::looping::LoopGraph, "LoopGraph");
declared_as!(crate::looping::LoopState, "LoopState");
declared_as!(crate::looping::LoopHistoryEntry, "LoopHistoryEntry");
declared_as!(crate::looping::LoopBricks, "LoopBricks");

/// A parsed config document's value: JSON's values (YAML's scalars read as JSON's).
impl TS for crate::structured::Value {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    fn name(_: &Config) -> String {
        String::from("ConfigValue")
    }
    fn inline(cfg: &Config) -> String {
        Self::name(cfg)
    }
    fn docs() -> Option<String> {
        Some(String::from(
            "/**\n * A value of a parsed config document: JSON's values (YAML's read as JSON's).\n */\n",
        ))
    }
    fn decl(_: &Config) -> String {
        String::from(
            "type ConfigValue = null | boolean | number | string | ConfigValue[] | { [key: string]: ConfigValue };",
        )
    }
    fn output_path() -> Option<std::path::PathBuf> {
        Some("ConfigValue.ts".into())
    }
}

/// The names TypeScript declares for the hand-declared types above that `index.d.ts`
/// declares itself; the generated file imports them from there.
pub const DECLARED_IN_INDEX: &[&str] =
    &["LoopBricks", "LoopGraph", "LoopHistoryEntry", "LoopState"];

/// Collects each declarable type once, with its dependencies.
struct Collect<'c> {
    cfg: &'c Config,
    seen: HashSet<TypeId>,
    /// Name → declaration (with its doc comment).
    decls: BTreeMap<String, String>,
    /// Names declared twice by different types.
    clashes: Vec<String>,
}

impl TypeVisitor for Collect<'_> {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if T::output_path().is_none() || !self.seen.insert(TypeId::of::<T>()) {
            return;
        }
        let name = T::ident(self.cfg);
        let decl = format!(
            "{}export {}",
            T::docs().unwrap_or_default(),
            T::decl(self.cfg)
        );
        if self.decls.insert(name.clone(), decl).is_some() {
            self.clashes.push(name);
        }
        T::visit_dependencies(self);
    }
}

/// Every declaration, sorted by name; `Err` lists the names two types would both declare.
pub fn typescript_declarations() -> Result<Vec<(String, String)>, Vec<String>> {
    // JavaScript numbers hold every count and size the engine hands out.
    let cfg = Config::new().with_large_int("number");
    let mut collect = Collect {
        cfg: &cfg,
        seen: HashSet::new(),
        decls: BTreeMap::new(),
        clashes: Vec::new(),
    };
    roots(&mut collect);
    if collect.clashes.is_empty() {
        Ok(collect.decls.into_iter().collect())
    } else {
        Err(collect.clashes)
    }
}

/// The types the bindings decode and encode (their dependencies follow).
fn roots(v: &mut impl TypeVisitor) {
    macro_rules! visit {
        ($($ty:ty,)*) => { $(v.visit::<$ty>();)* };
    }
    visit! {
        crate::backups::ActiveFacts,
        crate::backups::BackupFile,
        crate::backups::BackupRun,
        crate::backups::BackupsInput,
        crate::backups::BackupsNamed,
        crate::backups::BackupsList,
        crate::backups::KeptRun,
        crate::backups::PruneOptions,
        crate::backups::PrunePlan,
        crate::backups::RunSummary,
        crate::backups::RunIdStyle,
        crate::content::ContentDigest,
        crate::exits::CommandFailure,
        crate::exits::FailureFacts,
        crate::exits::FailureDocument,
        crate::exits::FailureReport,
        crate::exits::StopPoint,
        crate::editor::ActionKind,
        crate::editor::CodeAction,
        crate::editor::Diagnostic,
        crate::editor::DiagnosticKind,
        crate::editor::DryRunFacts,
        crate::editor::EditorManifest,
        crate::editor::EditorNotice,
        crate::editor::FileSummary,
        crate::editor::FileView,
        crate::editor::FileViewInput,
        crate::editor::FolderFacts,
        crate::editor::FoundRelease,
        crate::editor::Hover,
        crate::editor::Lens,
        crate::editor::Managed,
        crate::editor::ManagedPath,
        crate::editor::Position,
        crate::editor::PositionEncoding,
        crate::editor::ProjectFacts,
        crate::editor::ProjectKind,
        crate::editor::Range,
        crate::editor::ReleaseDirs,
        crate::editor::ReleaseDirsInput,
        crate::editor::ScanTotals,
        crate::editor::ScoreFacts,
        crate::editor::Severity,
        crate::editor::TextEdit,
        crate::fleet::BatchMatrix,
        crate::fleet::CommitIdentity,
        crate::fleet::ExitFailure,
        crate::fleet::ExitInput,
        crate::fleet::ExitPolicy,
        crate::fleet::FleetBatch,
        crate::fleet::FleetInput,
        crate::fleet::FleetPlan,
        crate::fleet::FleetRecord,
        crate::fleet::FleetRepo,
        crate::fleet::FleetSkip,
        crate::fleet::MatrixChoice,
        crate::fleet::PayloadFile,
        crate::fleet::Platform,
        crate::fleet::PrInput,
        crate::fleet::PrPayload,
        crate::fleet::StartFacts,
        crate::fleet::StepAction,
        crate::fleet::StepCommitFacts,
        crate::fleet::StepDecision,
        crate::fleet::StepFacts,
        crate::fleet::StepLine,
        crate::fleet::StepLineFacts,
        crate::fleet::StepStart,
        crate::fleet::StepUpdate,
        crate::land::CheckRecord,
        crate::land::CheckoutFollow,
        crate::land::CommitOutcome,
        crate::land::CurrentFile,
        crate::land::Handoff,
        crate::land::LandPlan,
        crate::land::LandReport,
        crate::land::LandResult,
        crate::land::LandStatus,
        crate::land::LandTicket,
        crate::land::LandedCommit,
        crate::land::MovedFile,
        crate::land::PlannedCommit,
        crate::land::SealReport,
        crate::land::SealedFile,
        crate::land::SyncAction,
        crate::land::SyncCheck,
        crate::land::SyncFacts,
        crate::land::SyncPick,
        crate::land::SyncPlan,
        crate::land::SyncRefusal,
        crate::land::CheckoutProblem,
        crate::land::SyncCheckout,
        crate::input_refusal::InputProblem,
        crate::usage_refusal::UsageProblem,
        crate::usage_refusal::OptionType,
        crate::usage_refusal::FileAction,
        crate::lifecycle::FetchProblem,
        crate::lifecycle::FetchStep,
        crate::lifecycle::RefusedEntry,
        crate::lifecycle::ReleaseProblem,
        crate::land::SyncOutcome,
        crate::land::SyncReport,
        crate::land::SyncRun,
        crate::land::SyncStep,
        crate::observe::EntryKind,
        crate::observe::Observed,
        crate::lifecycle::AdoptFile,
        crate::lifecycle::AdoptInput,
        crate::lifecycle::AdoptPlan,
        crate::lifecycle::AdoptReport,
        crate::lifecycle::AdoptedPath,
        crate::lifecycle::Available,
        crate::lifecycle::CacheIndex,
        crate::lifecycle::CacheKeyInput,
        crate::lifecycle::CacheVerdict,
        crate::lifecycle::CachedFile,
        crate::lifecycle::CheckedText,
        crate::lifecycle::GitTag,
        crate::lifecycle::LayoutFile,
        crate::lifecycle::LayoutInput,
        crate::lifecycle::ManifestCheck,
        crate::lifecycle::ManifestCheckInput,
        crate::lifecycle::ManifestInit,
        crate::lifecycle::ManifestInitInput,
        crate::lifecycle::ManifestProblem,
        crate::lifecycle::ManifestRule,
        crate::lifecycle::ManifestRules,
        crate::lifecycle::FirstCommit,
        crate::lifecycle::FirstCommitWords,
        crate::lifecycle::ManifestWrite,
        crate::lifecycle::ManifestWriteFacts,
        crate::lifecycle::PackedLayout,
        crate::lifecycle::ProbedSide,
        crate::lifecycle::ProjectSource,
        crate::lifecycle::ReleaseWords,
        crate::lifecycle::ResolvedFacts,
        crate::lifecycle::ReleaseLayout,
        crate::lifecycle::ReleaseSpec,
        crate::lifecycle::RuleClass,
        crate::lifecycle::ScaffoldFile,
        crate::lifecycle::ScaffoldHalt,
        crate::lifecycle::ScaffoldInput,
        crate::lifecycle::ScaffoldMode,
        crate::lifecycle::ScaffoldPlan,
        crate::lifecycle::ScaffoldReport,
        crate::lifecycle::ScaffoldRun,
        crate::lifecycle::ScaffoldStart,
        crate::lifecycle::ScaffoldStartInput,
        crate::lifecycle::ScaffoldStatus,
        crate::lifecycle::Selected,
        crate::lifecycle::ShippedEntry,
        crate::lifecycle::SourceKind,
        crate::lifecycle::StateFile,
        crate::lifecycle::UpdateSources,
        crate::lifecycle::UpdateSourcesInput,
        crate::lifecycle::VersionQuery,
        crate::looping::LoopDeclaration,
        crate::looping::LoopInit,
        crate::looping::LoopReport,
        crate::refresh::Action,
        crate::refresh::Decision,
        crate::refresh::FileDecision,
        crate::refresh::FileRunOutcome,
        crate::refresh::FileState,
        crate::refresh::HomeFiles,
        crate::refresh::InstallManifest,
        crate::refresh::InterruptedRun,
        crate::refresh::Journal,
        crate::refresh::JournalRecord,
        crate::refresh::JournalRun,
        crate::refresh::JournalSegment,
        crate::refresh::ManifestFile,
        crate::refresh::MergeDiff,
        crate::refresh::NoRecordFacts,
        crate::refresh::Observations,
        crate::refresh::PathObservation,
        crate::refresh::Plan,
        crate::refresh::PlannedFile,
        crate::refresh::RecordFile,
        crate::refresh::RefreshChoice,
        crate::refresh::RefreshQuestion,
        crate::refresh::RefreshOptions,
        crate::refresh::RefreshPaths,
        crate::refresh::Rename,
        crate::refresh::ReportedFile,
        crate::refresh::RunCommand,
        crate::refresh::RunFacts,
        crate::refresh::RunOutcome,
        crate::refresh::RunRenderOptions,
        crate::refresh::RunSources,
        crate::refresh::RunReport,
        crate::refresh::SourceRecord,
        crate::regions::BackupFailure,
        crate::regions::BackupsDone,
        crate::regions::BackupsFound,
        crate::regions::ConfineInput,
        crate::regions::ConfinedAction,
        crate::regions::ConfinedWrite,
        crate::regions::Confinement,
        crate::regions::FailureKind,
        crate::regions::FallbackReason,
        crate::regions::FileRepair,
        crate::regions::FileRepairFacts,
        crate::regions::JobStatus,
        crate::regions::KillCause,
        crate::regions::MalformedDeclaration,
        crate::regions::MarkerAnomaly,
        crate::regions::Normalized,
        crate::regions::PathRegionVerdict,
        crate::regions::RefusalKind,
        crate::regions::RegenConfined,
        crate::regions::RegenFailed,
        crate::regions::RegenJob,
        crate::regions::RegenRan,
        crate::regions::RegenRefused,
        crate::regions::RegenReport,
        crate::regions::RegenRun,
        crate::regions::RegenSkipped,
        crate::regions::Regenerate,
        crate::regions::RegionBackup,
        crate::regions::RegionBackupsDone,
        crate::regions::RegionDecl,
        crate::regions::RegionFallback,
        crate::regions::RegionLimits,
        crate::regions::RepairFact,
        crate::regions::RegionMarkers,
        crate::regions::RegionVerdict,
        crate::regions::RegionVerdictInput,
        crate::regions::RegionsFinish,
        crate::regions::RegionsFinished,
        crate::regions::RegionsReport,
        crate::regions::Repair,
        crate::regions::RepairFailure,
        crate::regions::RepairOp,
        crate::regions::SandboxFacts,
        crate::regions::SandboxMode,
        crate::regions::ScanState,
        crate::regions::SideScans,
        crate::regions::SnapEntry,
        crate::refusal::Refusal,
        crate::looping::LoopProblem,
        crate::render::Line,
        crate::render::PhaseCount,
        crate::render::StopFacts,
        crate::render::Tone,
        crate::render::Verbosity,
        crate::score::AssessOptions,
        crate::score::AssessView,
        crate::score::Decision,
        crate::score::FileStat,
        crate::score::GlobWarning,
        crate::score::Preset,
        crate::score::Risk,
        crate::score::RiskOptions,
        crate::score::ScoreConstants,
        crate::score::ScoreReport,
        crate::score::Verdict,
        crate::structured::Additions,
        crate::structured::Couple,
        crate::structured::FieldVerdict,
        crate::structured::Format,
        crate::structured::ListSpec,
        crate::structured::MergeSpec,
        crate::structured::PackageManager,
        crate::structured::PartKind,
        crate::structured::ReadOutcome,
        crate::structured::StructuredMerge,
        crate::structured::StructuredOutcome,
        crate::structured::TokenSpec,
        crate::structured::Verdict,
        crate::text::ConflictStyle,
        crate::text::DiffOptions,
        crate::text::DiffStatus,
        crate::text::Favor,
        crate::text::FileDiffOptions,
        crate::text::FileSide,
        crate::text::FileTime,
        crate::text::Hunk,
        crate::text::HunkLine,
        crate::text::LineEnding,
        crate::text::LineEndings,
        crate::text::LineKind,
        crate::text::MergeOptions,
        crate::text::MergeResult,
        crate::text::UnifiedDiff,
        crate::update::Action,
        crate::update::AdopterAction,
        crate::update::BackupsKept,
        crate::update::Blocked,
        crate::update::ChangeRequestFacts,
        crate::update::ChangelogSection,
        crate::update::Need,
        crate::update::OverviewInput,
        crate::update::PlanOverview,
        crate::update::PlannedWrite,
        crate::update::StateProblem,
        crate::update::WriteView,
        crate::update::Claim,
        crate::update::ClaimFile,
        crate::update::CleanCheck,
        crate::update::Conflict,
        crate::update::ConflictMode,
        crate::update::ConflictRoute,
        crate::update::ContentNeed,
        crate::update::DocumentError,
        crate::update::DocumentFacts,
        crate::update::FileClass,
        crate::update::FileInput,
        crate::update::FileOutcome,
        crate::update::GitStatus,
        crate::update::InProgress,
        crate::update::ProgressReading,
        crate::update::Manifest,
        crate::update::ManifestEntry,
        crate::update::OutcomeFacts,
        crate::update::PlanOutline,
        crate::update::PlannedContent,
        crate::update::ReadList,
        crate::update::RecordedSource,
        crate::update::ReleaseUsed,
        crate::update::ReleasesUsed,
        crate::update::Replaced,
        crate::update::Row,
        crate::update::RunEnd,
        crate::update::RunOutcome,
        crate::update::RunRecord,
        crate::update::SideInput,
        crate::update::StateWriteError,
        crate::update::StructuredFile,
        crate::update::SummaryOptions,
        crate::update::SuppliedContent,
        crate::update::UpdateDocument,
        crate::update::UpdateFacts,
        crate::update::UpdateFinished,
        crate::update::UpdateInput,
        crate::update::UpdateOptions,
        crate::update::UpdatePaths,
        crate::update::UpdatePlan,
        crate::update::UpdatePreparation,
        crate::update::UpdateQuestion,
        crate::update::UpdateReport,
        crate::update::UpdateRun,
        crate::update::UpdateStart,
        crate::update::VersionCheck,
        crate::update::VersionStatus,
        crate::writes::LockFacts,
        crate::writes::LockHolder,
        crate::writes::LockSeen,
        crate::paths::TreeProblem,
        crate::writes::Durability,
        crate::writes::Expect,
        crate::writes::OsError,
        crate::writes::OutcomeKind,
        crate::writes::StepContent,
        crate::writes::StepOutcome,
        crate::writes::TargetSeen,
        crate::writes::WriteConstants,
        crate::writes::BackupName,
        crate::writes::WriteStage,
        crate::writes::WriteStep,
    }
}
