/**
 * How one allowed command is checked. Options are allow-listed, not deny-listed: anything not
 * named here is refused, including GNU's unambiguous abbreviations of long options (`--out`
 * would mean `--output`). `refusals` only gives known-dangerous options a clearer message.
 */
export type CommandSpec = {
  /** Boolean short options, e.g. "cmlw" for `-c -m -l -w`. */
  shortFlags: string;
  /** Short options that take a value: `-n5` or `-n 5`. */
  shortValued: string;
  longFlags: readonly string[];
  /** Long options with a required value: `--lines=5` or `--lines 5`. */
  longValued: readonly string[];
  /** Long options whose value is optional and only given as `--follow=name`. */
  longOptional: readonly string[];
  /** Accepts the obsolete `-NUM` form (`head -5`, `grep -2`). */
  numericOption: boolean;
  /** What operands are: files, a pattern then files (grep without -e), or plain text (echo). */
  operands: "paths" | "pattern-then-paths" | "text";
  /** Most path operands accepted; `uniq IN OUT` writes OUT, so uniq gets one. */
  maxPathOperands?: number;
  refusals: Record<string, string>;
};

const writesFile = "it writes a file; use stdout_to to save output in Ephemeral";
const readsUncheckedPaths = "it reads file names that cannot be checked against the areas";
const runsProgram = "it runs another program";
const followsLinks = "it follows symbolic links, which could lead out of the workspace";

/**
 * The allow-list: small, boring text tools that read files and write only to stdout. Left out
 * on purpose: interpreters and anything with an escape to a program or a file write (python3,
 * awk's system(), sed's `e` command and `-i`, find -exec/-delete, tee, cp/mv/rm, xargs, env).
 * Every command runs without a shell, so pipes, redirections and globs do not exist.
 */
export const commandAllowList: Readonly<Record<string, CommandSpec>> = {
  cat: {
    shortFlags: "AbeEnstTuv",
    shortValued: "",
    longFlags: [
      "--show-all",
      "--number-nonblank",
      "--show-ends",
      "--number",
      "--squeeze-blank",
      "--show-tabs",
      "--show-nonprinting",
    ],
    longValued: [],
    longOptional: [],
    numericOption: false,
    operands: "paths",
    refusals: {},
  },
  head: {
    shortFlags: "qvz",
    shortValued: "cn",
    longFlags: ["--quiet", "--silent", "--verbose", "--zero-terminated"],
    longValued: ["--bytes", "--lines"],
    longOptional: [],
    numericOption: true,
    operands: "paths",
    refusals: {},
  },
  tail: {
    // -f is allowed: following a file only ends at the wall-clock limit, which kills it.
    shortFlags: "fFqvz",
    shortValued: "cns",
    longFlags: ["--quiet", "--silent", "--verbose", "--zero-terminated", "--retry"],
    longValued: ["--bytes", "--lines", "--sleep-interval", "--pid", "--max-unchanged-stats"],
    longOptional: ["--follow"],
    numericOption: true,
    operands: "paths",
    refusals: {},
  },
  wc: {
    shortFlags: "cmlLw",
    shortValued: "",
    longFlags: ["--bytes", "--chars", "--lines", "--max-line-length", "--words"],
    longValued: [],
    longOptional: [],
    numericOption: false,
    operands: "paths",
    refusals: { "--files0-from": readsUncheckedPaths },
  },
  sort: {
    shortFlags: "bdfgiMhnRrVcCmsuz",
    shortValued: "kt",
    longFlags: [
      "--ignore-leading-blanks",
      "--dictionary-order",
      "--ignore-case",
      "--general-numeric-sort",
      "--ignore-nonprinting",
      "--month-sort",
      "--human-numeric-sort",
      "--numeric-sort",
      "--random-sort",
      "--reverse",
      "--version-sort",
      "--merge",
      "--stable",
      "--unique",
      "--zero-terminated",
      "--debug",
    ],
    longValued: ["--key", "--field-separator", "--sort"],
    longOptional: ["--check"],
    numericOption: false,
    operands: "paths",
    refusals: {
      "-o": writesFile,
      "--output": writesFile,
      "-T": "it writes temporary files into a folder of its choice",
      "--temporary-directory": "it writes temporary files into a folder of its choice",
      "--compress-program": runsProgram,
      "--files0-from": readsUncheckedPaths,
      "--random-source": readsUncheckedPaths,
    },
  },
  uniq: {
    shortFlags: "cdDiuz",
    shortValued: "fsw",
    longFlags: ["--count", "--repeated", "--ignore-case", "--unique", "--zero-terminated"],
    longValued: ["--skip-fields", "--skip-chars", "--check-chars"],
    longOptional: ["--all-repeated", "--group"],
    numericOption: false,
    operands: "paths",
    maxPathOperands: 1,
    refusals: {},
  },
  cut: {
    shortFlags: "nsz",
    shortValued: "bcfd",
    longFlags: ["--complement", "--only-delimited", "--zero-terminated"],
    longValued: ["--bytes", "--characters", "--fields", "--delimiter", "--output-delimiter"],
    longOptional: [],
    numericOption: false,
    operands: "paths",
    refusals: {},
  },
  grep: {
    shortFlags: "EFGPiwxzsvbnHhoqaIrLlcTZU",
    shortValued: "emABC",
    longFlags: [
      "--extended-regexp",
      "--fixed-strings",
      "--basic-regexp",
      "--perl-regexp",
      "--ignore-case",
      "--no-ignore-case",
      "--word-regexp",
      "--line-regexp",
      "--null-data",
      "--no-messages",
      "--invert-match",
      "--byte-offset",
      "--line-number",
      "--line-buffered",
      "--with-filename",
      "--no-filename",
      "--only-matching",
      "--quiet",
      "--silent",
      "--text",
      "--recursive",
      "--files-without-match",
      "--files-with-matches",
      "--count",
      "--initial-tab",
      "--null",
      "--no-group-separator",
      "--binary",
    ],
    longValued: [
      "--regexp",
      "--max-count",
      "--label",
      "--binary-files",
      "--include",
      "--exclude",
      "--exclude-dir",
      "--before-context",
      "--after-context",
      "--context",
      "--group-separator",
    ],
    longOptional: ["--color", "--colour"],
    numericOption: true,
    operands: "pattern-then-paths",
    refusals: {
      // -r is fine: grep follows links only when they are operands, and operands are checked.
      "-R": followsLinks,
      "--dereference-recursive": followsLinks,
      "-f": readsUncheckedPaths,
      "--file": readsUncheckedPaths,
      "--exclude-from": readsUncheckedPaths,
      "-d": "use -r to search folders",
      "--directories": "use -r to search folders",
      "-D": "devices are not part of a workspace",
      "--devices": "devices are not part of a workspace",
    },
  },
  ls: {
    shortFlags: "aAbBcCdfFgGhiklmnNopqQrRsStuUvxX1",
    shortValued: "ITw",
    longFlags: [
      "--all",
      "--almost-all",
      "--escape",
      "--ignore-backups",
      "--directory",
      "--file-type",
      "--full-time",
      "--group-directories-first",
      "--no-group",
      "--human-readable",
      "--si",
      "--inode",
      "--kibibytes",
      "--numeric-uid-gid",
      "--literal",
      "--hide-control-chars",
      "--show-control-chars",
      "--quote-name",
      "--reverse",
      "--recursive",
      "--size",
      "--zero",
    ],
    longValued: [
      "--ignore",
      "--hide",
      "--tabsize",
      "--width",
      "--sort",
      "--time",
      "--time-style",
      "--format",
      "--quoting-style",
      "--indicator-style",
      "--block-size",
    ],
    longOptional: ["--color", "--classify"],
    numericOption: false,
    operands: "paths",
    refusals: {
      "-L": followsLinks,
      "--dereference": followsLinks,
      "-H": followsLinks,
      "--dereference-command-line": followsLinks,
      "--dereference-command-line-symlink-to-dir": followsLinks,
    },
  },
  echo: {
    // coreutils echo has no option that reads or writes anything: every argument is text.
    shortFlags: "neE",
    shortValued: "",
    longFlags: [],
    longValued: [],
    longOptional: [],
    numericOption: false,
    operands: "text",
    refusals: {},
  },
};

/** Names of the allowed commands, for messages and the tool description. */
export const allowedCommandNames = Object.keys(commandAllowList);

/** Folders searched for the allowed binaries (never the server's own PATH). */
export const commandSearchDirectories = ["/usr/bin", "/bin"];
