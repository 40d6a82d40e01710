//! Which package manager a project uses, from the lockfile at its root (the shim says which
//! of [`LOCKFILES`] exist) and, when that is not decisive, `package.json`'s
//! `packageManager` field; and the commands the notes and the summary print for it.
//!
//! ```
//! use upkeep_core::structured::PackageManager;
//!
//! let pm = PackageManager::detect(&["pnpm-lock.yaml".to_string()], None).unwrap();
//! assert_eq!(pm.install_command(), "pnpm install");
//! assert_eq!(pm.remove_command(&["left-pad"]), "pnpm remove left-pad");
//! assert_eq!(PackageManager::detect(&[], Some(r#"{"packageManager": "yarn@4.1.0"}"#)), Some(PackageManager::Yarn));
//! ```

/// A JavaScript package manager.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "contracts", derive(schemars::JsonSchema))]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[non_exhaustive]
pub enum PackageManager {
    /// npm (`package-lock.json`, `npm-shrinkwrap.json`).
    Npm,
    /// pnpm (`pnpm-lock.yaml`).
    Pnpm,
    /// Yarn (`yarn.lock`).
    Yarn,
    /// Bun (`bun.lock`, `bun.lockb`).
    Bun,
}

/// The lockfile names looked for at the project root, and whose they are.
pub const LOCKFILES: [(&str, PackageManager); 6] = [
    ("package-lock.json", PackageManager::Npm),
    ("npm-shrinkwrap.json", PackageManager::Npm),
    ("pnpm-lock.yaml", PackageManager::Pnpm),
    ("yarn.lock", PackageManager::Yarn),
    ("bun.lock", PackageManager::Bun),
    ("bun.lockb", PackageManager::Bun),
];

impl PackageManager {
    /// The manager of the lockfiles present (names from [`LOCKFILES`]); when there are
    /// none, or they belong to several managers, the one `package.json`'s
    /// `packageManager` names (among them, if any); otherwise unknown.
    pub fn detect(lockfiles: &[String], package_json: Option<&str>) -> Option<PackageManager> {
        let mut found: Vec<PackageManager> = Vec::new();
        for (name, pm) in LOCKFILES {
            if lockfiles.iter().any(|l| l == name) && !found.contains(&pm) {
                found.push(pm);
            }
        }
        if found.len() == 1 {
            return found.first().copied();
        }
        let declared = package_json.and_then(declared_manager);
        match declared {
            Some(pm) if found.is_empty() || found.contains(&pm) => Some(pm),
            _ => None,
        }
    }

    /// The command's name: `npm`, `pnpm`, `yarn`, `bun`.
    pub fn as_str(&self) -> &'static str {
        match self {
            PackageManager::Npm => "npm",
            PackageManager::Pnpm => "pnpm",
            PackageManager::Yarn => "yarn",
            PackageManager::Bun => "bun",
        }
    }

    /// The command that installs what `package.json` lists.
    pub fn install_command(&self) -> String {
        format!("{} install", self.as_str())
    }

    /// The command that removes `names` from the project's dependencies.
    pub fn remove_command(&self, names: &[&str]) -> String {
        let verb = match self {
            PackageManager::Npm => "uninstall",
            _ => "remove",
        };
        format!("{} {verb} {}", self.as_str(), names.join(" "))
    }
}

/// The manager `package.json`'s `packageManager` field names (`pnpm@10.1.0`).
fn declared_manager(package_json: &str) -> Option<PackageManager> {
    let doc = crate::json::parse(package_json.as_bytes()).ok()?;
    let field = doc.get("packageManager")?.as_str()?;
    let name = field.split('@').next()?;
    LOCKFILES
        .iter()
        .map(|(_, pm)| *pm)
        .find(|pm| pm.as_str() == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lockfiles_first_then_the_declared_manager() {
        let names = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let pnpm_declared = Some(r#"{"packageManager": "pnpm@10.1.0+sha512.abc"}"#);
        #[rustfmt::skip]
        let cases: &[(&[&str], Option<&str>, Option<PackageManager>)] = &[
            (&["package-lock.json"], None, Some(PackageManager::Npm)),
            (&["npm-shrinkwrap.json", "package-lock.json"], pnpm_declared, Some(PackageManager::Npm)),
            (&["yarn.lock"], pnpm_declared, Some(PackageManager::Yarn)),
            (&["bun.lockb"], None, Some(PackageManager::Bun)),
            (&["yarn.lock", "pnpm-lock.yaml"], pnpm_declared, Some(PackageManager::Pnpm)),
            (&["yarn.lock", "package-lock.json"], pnpm_declared, None),
            (&["yarn.lock", "package-lock.json"], None, None),
            (&[], pnpm_declared, Some(PackageManager::Pnpm)),
            (&[], Some(r#"{"packageManager": "deno@2"}"#), None),
            (&[], Some("not json"), None),
            (&[], None, None),
        ];
        for (lockfiles, package_json, want) in cases {
            assert_eq!(
                PackageManager::detect(&names(lockfiles), *package_json),
                *want,
                "{lockfiles:?} {package_json:?}"
            );
        }
    }

    #[test]
    fn commands() {
        assert_eq!(
            PackageManager::Npm.remove_command(&["a", "@s/b"]),
            "npm uninstall a @s/b"
        );
        assert_eq!(PackageManager::Yarn.remove_command(&["a"]), "yarn remove a");
        assert_eq!(PackageManager::Bun.install_command(), "bun install");
    }
}
