"""A build that fails or is killed half-way leaves the previous public/ exactly as it was."""
import hashlib
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from conftest import (REPO, assert_dot_ended, quizgen_binary, run_quizgen, story_site_with_a_dot_that_hangs,
                      wait_for_dot)


def tree_digest(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def make_site(root: Path, copies: int) -> Path:
    content = root / "Content"
    content.mkdir(parents=True)
    sample = (REPO / "Content" / "which-animal.md").read_text()
    for i in range(copies):
        folder = content / f"part{i % 20}"
        folder.mkdir(exist_ok=True)
        (folder / f"quiz{i}.md").write_text(sample.replace("Which Animal Are You?", f"Which Animal Are You? ({i})"))
    return root


def test_killed_build_leaves_previous_output(tmp_path):
    site = make_site(tmp_path / "site", 400)
    run_quizgen("build", "--source", site)
    before = tree_digest(site / "public")
    assert len(before) > 2_000

    # Change every page, then kill the build while it writes.
    for path in (site / "Content").rglob("*.md"):
        path.write_text(path.read_text().replace("Answer honestly", "Answer quickly"))
    process = subprocess.Popen([str(quizgen_binary()), "build", "--source", str(site)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    staging = None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        found = [p for p in site.iterdir() if p.name.startswith(".public.quizgen-")]
        if found and any(found[0].iterdir()):
            staging = found[0]
            os.kill(process.pid, signal.SIGKILL)
            break
        time.sleep(0.001)
    process.wait()
    assert staging is not None, "the build finished before it could be killed; make the site bigger"
    assert process.returncode == -signal.SIGKILL
    assert tree_digest(site / "public") == before

    # The next build cleans up what the killed one left and writes the new site.
    run_quizgen("build", "--source", site)
    assert not [p for p in site.iterdir() if p.name.startswith(".public.quizgen-")]
    assert "Answer quickly" in (site / "public/part0/quiz0/index.html").read_text()


def test_stopped_build_leaves_a_whole_output_and_nothing_beside_it(tmp_path):
    """SIGTERM at any moment of a build (pages being written, assets copied, the new site
    swapped in, the old one removed) leaves public/ whole, the previous site or the new one,
    and removes the staging folder: the handler never empties a folder being swapped in."""
    site = make_site(tmp_path / "site", 400)

    def answer(word):
        for path in (site / "Content").rglob("*.md"):
            text = path.read_text()
            path.write_text(text.replace("Answer honestly", f"Answer {word}").replace("Answer quickly", f"Answer {word}"))

    sites = {}
    for word in ["honestly", "quickly"]:
        answer(word)
        run_quizgen("build", "--source", site, "--output", tmp_path / word)
        sites[word] = tree_digest(tmp_path / word)
    started = time.monotonic()
    run_quizgen("build", "--source", site)
    took = time.monotonic() - started
    statuses = []
    for attempt in range(12):
        word = ["honestly", "quickly"][attempt % 2]
        answer(word)
        process = subprocess.Popen([str(quizgen_binary()), "build", "--source", str(site)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(took * 1.2 * attempt / 11)
        process.send_signal(signal.SIGTERM)
        statuses.append(process.wait(timeout=60))
        assert statuses[-1] in (0, 143, -signal.SIGTERM)  # the last: before the handler was set
        assert tree_digest(site / "public") in sites.values(), f"attempt {attempt}: public/ is not a whole site"
        assert [p.name for p in site.iterdir() if p.name.startswith(".")] == [], f"attempt {attempt}"
    assert 143 in statuses, "every build finished before the signal; make the site bigger"


def test_failed_build_leaves_previous_output(tmp_path):
    site = make_site(tmp_path / "site", 3)
    run_quizgen("build", "--source", site)
    before = tree_digest(site / "public")
    broken = site / "Content/part1/quiz1.md"
    broken.write_text(broken.read_text().replace("{dog}", "{dgo}"))
    result = run_quizgen("build", "--source", site, check=False)
    assert result.returncode == 1
    assert "quiz1.md" in result.stderr and "unknown outcome 'dgo'" in result.stderr
    assert tree_digest(site / "public") == before
    assert not [p for p in site.iterdir() if p.name.startswith(".public")]


def test_unwritable_output_is_a_clear_error(tmp_path):
    if os.geteuid() == 0:
        # root ignores permissions; a file where the output's parent should be still fails.
        site = make_site(tmp_path / "site", 1)
        (tmp_path / "blocker").write_text("")
        result = run_quizgen("build", "--source", site, "--output", tmp_path / "blocker" / "public", check=False)
    else:
        site = make_site(tmp_path / "site", 1)
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        result = run_quizgen("build", "--source", site, "--output", locked / "public", check=False)
    assert result.returncode == 1
    assert "cannot write the site" in result.stderr or "not a folder" in result.stderr


def as_unprivileged(command):
    """Permissions mean nothing to root (CI runs as root): run as nobody there."""
    if os.geteuid() != 0:
        return command
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *command]


def test_a_read_only_output_is_replaced_and_nothing_is_left_behind():
    # Not under pytest's tmp_path: its folders are private to root, and nobody must reach the site.
    base = Path(tempfile.mkdtemp(prefix="quizgen-readonly-"))
    base.chmod(0o755)
    try:
        read_only_output_is_replaced(base)
    finally:
        for path in [base, *base.rglob("*")]:
            path.chmod(0o755)
        shutil.rmtree(base)


def read_only_output_is_replaced(base):
    site = make_site(base / "site", 3)
    if os.geteuid() == 0:
        for path in [site, *site.rglob("*")]:
            os.chown(path, 65534, 65534)
    command = as_unprivileged([str(quizgen_binary()), "build", "--source", str(site)])
    subprocess.run(command, check=True, capture_output=True)
    # Every folder and file of the output read-only, as `chmod -R a-w public` leaves it.
    for path in [site / "public", *(site / "public").rglob("*")]:
        path.chmod(0o555 if path.is_dir() else 0o444)
    for path in (site / "Content").rglob("*.md"):
        path.write_text(path.read_text().replace("Answer honestly", "Answer quickly"))
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "Answer quickly" in (site / "public" / "part0" / "quiz0" / "index.html").read_text()
    assert [p.name for p in site.iterdir() if p.name.startswith(".")] == []


def test_two_first_builds_at_once_both_succeed(tmp_path):
    site = make_site(tmp_path / "site", 2)
    for attempt in range(25):
        shutil.rmtree(site / "public", ignore_errors=True)
        processes = [subprocess.Popen([str(quizgen_binary()), "build", "--source", str(site)],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                     for _ in range(2)]
        for process in processes:
            _, errors = process.communicate(timeout=60)
            assert process.returncode == 0, f"attempt {attempt}: {errors}"
        assert (site / "public" / "index.html").is_file()
        assert [p.name for p in site.iterdir() if p.name.startswith(".")] == []


def test_interrupted_build_stops_dot(tmp_path):
    """Ctrl-C or SIGTERM while a map is drawn ends the build at once, with the shell's status
    for the signal, and stops dot too: dot was started with those signals blocked, and one
    drawing a huge map kept running for nobody. The staging folder goes with it, rather
    than waiting beside the output for the next build to clear it."""
    site, environment, pids = story_site_with_a_dot_that_hangs(tmp_path)
    for sent, status in [(signal.SIGINT, 130), (signal.SIGTERM, 143)]:
        pids.unlink(missing_ok=True)
        process = subprocess.Popen([str(quizgen_binary()), "build", "--source", str(site)], env=environment,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_dot(pids)
        time.sleep(0.2)
        process.send_signal(sent)
        assert process.wait(timeout=10) == status
        assert_dot_ended(pids, "the build")
        assert not (site / "public").exists()
        assert [p.name for p in site.iterdir() if p.name.startswith(".")] == []


STAGING_DRIVER = r"""
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "csystem.h"

static void stop(int signal) { quizgen_staging_remove_on_signal(); _exit(128 + signal); }

static void *signaller(void *unused) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);  // a new thread starts with its maker's mask
    kill(getpid(), SIGTERM);
    for (;;) pause();
}

int main(int argc, char **argv) {
    signal(SIGTERM, stop);
    quizgen_staging_arm(argv[2]);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    pthread_t thread;
    if (strcmp(argv[1], "other-thread") == 0) {
        // Only the new thread may take the signal; its handler runs while this one makes.
        pthread_sigmask(SIG_BLOCK, &set, NULL);
        pthread_create(&thread, NULL, signaller, NULL);
        usleep(200000);
        mkdir(argv[2], 0755);
        write(1, "made\n", 5);
        quizgen_staging_made(1);
    } else if (strcmp(argv[1], "swap") == 0) {
        // The signal comes during the swap: the old site, then at the staging path, goes.
        mkdir(argv[2], 0755);
        quizgen_staging_made(1);
        close(open(argv[4], O_CREAT | O_WRONLY, 0644));
        pthread_sigmask(SIG_BLOCK, &set, NULL);
        quizgen_staging_begin_swap();
        pthread_create(&thread, NULL, signaller, NULL);
        usleep(200000);
        renameat2(AT_FDCWD, argv[2], AT_FDCWD, argv[3], RENAME_EXCHANGE);
        write(1, "swapped\n", 8);
        quizgen_staging_end_swap();
    } else {
        // The signal comes to the thread making the folder, between making and arming.
        mkdir(argv[2], 0755);
        write(1, "made\n", 5);
        raise(SIGTERM);
    }
    for (;;) pause();
}
"""


def test_a_signal_while_the_staging_folder_is_made_still_removes_it(tmp_path):
    """The staging folder is armed before it is made: a stopping signal in between, taken by
    another thread or by the one making it, removes it rather than leaving it beside the output
    (CI once found `.public.quizgen-PID` left by a SIGTERM early in a build)."""
    compiler = shutil.which("clang") or shutil.which("cc")
    assert compiler, "Swift's toolchain brings clang"
    driver = tmp_path / "driver"
    (tmp_path / "driver.c").write_text(STAGING_DRIVER)
    subprocess.run([compiler, "-O1", "-pthread", "-I", str(REPO / "Sources/CSystem/include"), "-o", str(driver),
                    str(tmp_path / "driver.c"), str(REPO / "Sources/CSystem/staging.c")], check=True)
    for mode in ["other-thread", "own-thread", "swap"]:
        staging, output = tmp_path / f".public.quizgen-{mode}", tmp_path / f"public-{mode}"
        (output / "old").mkdir(parents=True)
        result = subprocess.run([str(driver), mode, str(staging), str(output), str(staging / "new")],
                                capture_output=True, text=True, timeout=30)
        assert result.returncode == 128 + signal.SIGTERM, (mode, result)
        done = "swapped" if mode == "swap" else "made"
        assert result.stdout == done + "\n", f"{mode}: the handler ended the process before the folder was {done}"
        assert not staging.exists(), f"{mode}: the staging folder was left behind"
        assert [p.name for p in output.iterdir()] == (["new"] if mode == "swap" else ["old"])
