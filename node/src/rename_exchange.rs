//! The one file-system call the executor needs and Node does not expose: swapping two
//! names atomically (Linux `renameat2(RENAME_EXCHANGE)`). With it a file is replaced only
//! while it is still the one the executor checked, and a save that slipped in between the
//! check and the swap comes back out under the temp's name instead of being unlinked.
//! An operating-system primitive, not a decision: `npm/lib/shim/rename-exchange.js` uses
//! it when the platform has it and falls back to a checked rename otherwise.

use napi_derive::napi;

/// Exchanges what the paths `a` and `b` name, atomically; 0 when done, -1 on a platform
/// without the call, else the OS's `errno` (`EINVAL` on a file system without it).
#[napi(js_name = "renameExchange")]
pub fn rename_exchange(a: String, b: String) -> i32 {
    exchange(&a, &b)
}

#[cfg(target_os = "linux")]
fn exchange(a: &str, b: &str) -> i32 {
    use std::ffi::CString;
    let (Ok(a), Ok(b)) = (CString::new(a), CString::new(b)) else {
        return libc::EINVAL;
    };
    // SAFETY: both paths are NUL-terminated C strings that outlive the call; the syscall
    // reads them and writes nothing back.
    let done = unsafe {
        libc::syscall(
            libc::SYS_renameat2,
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if done == 0 {
        0
    } else {
        std::io::Error::last_os_error()
            .raw_os_error()
            .unwrap_or(libc::EIO)
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_a: &str, _b: &str) -> i32 {
    -1
}
