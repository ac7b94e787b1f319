/**
 * The commands the docs show (README.md and docs/**\/*.md), read by the rule written at the top of docs/README.md:
 * fenced blocks tagged sh, bash, shell or console; inline code spans that start with a command of this project
 * (npm, npx, node, bash scripts/…, . scripts/…); bat/cmd blocks for the Windows service recipe. Also the relative
 * links of the same files. Plain Node, no test framework: test/docs/commands-in-docs.test.ts judges what this finds.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');

export interface DocCommand {
  /** The file, relative to the root, and the line the command starts on. */
  file: string;
  line: number;
  /** The command as one line: continuations joined, a trailing comment dropped. */
  text: string;
  kind: 'block' | 'inline' | 'windows';
}

export interface DocLink {
  file: string;
  line: number;
  target: string;
}

/** README.md and every Markdown file under docs/, relative to the root. */
export function docFiles(): string[] {
  const found = ['README.md'];
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(ROOT, dir)).sort()) {
      const path = join(dir, name);
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found;
}

const SHELL_TAGS = new Set(['sh', 'bash', 'shell', 'console']);
const WINDOWS_TAGS = new Set(['bat', 'cmd', 'batch']);
/** What a line of an untagged block may not start with: such a block must be tagged sh (or text for output). */
export const COMMAND_START = /^(\$ )?(npm|npx|node|bash|sudo|systemctl|curl|\. scripts\/)\b/;
const INLINE_COMMAND = /^(npm (run|start|test|install|ci)\b|npx |node |bash scripts\/|\. scripts\/)/;

/** Whether a quote opened in the text is still open at its end (a single-quoted body spanning lines). */
export function quoteOpen(text: string): boolean {
  let quote: string | null = null;
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
  }
  return quote !== null;
}

/** Drops a trailing `# comment` that is outside quotes. */
export function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

export interface UntaggedProblem {
  file: string;
  line: number;
  text: string;
}

/** A code span naming a file or folder of this repository (`server/cli.ts`, `docs/screenshots/`). */
const REPO_PATH = /^(shared|common|electron|renderer|server|sandbox|test|scripts|build|docs)\/[A-Za-z0-9_.\/-]*$/;

export function readDocs(): { commands: DocCommand[]; links: DocLink[]; untagged: UntaggedProblem[]; paths: DocLink[] } {
  const commands: DocCommand[] = [];
  const links: DocLink[] = [];
  const paths: DocLink[] = [];
  const untagged: UntaggedProblem[] = [];
  for (const file of docFiles()) {
    const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
    let fence: { tag: string; indent: string } | null = null;
    let pending: { line: number; text: string } | null = null;
    lines.forEach((raw, index) => {
      const lineNo = index + 1;
      const open = /^(\s*)```\s*([A-Za-z]*)/.exec(raw);
      if (open) {
        if (fence) {
          fence = null;
          pending = null;
        } else fence = { tag: (open[2] ?? '').toLowerCase(), indent: open[1] ?? '' };
        return;
      }
      if (fence) {
        const line = raw.startsWith(fence.indent) ? raw.slice(fence.indent.length) : raw.trimStart();
        if (SHELL_TAGS.has(fence.tag) || WINDOWS_TAGS.has(fence.tag)) {
          let text = line;
          if (!pending) {
            if (fence.tag === 'console') {
              if (!text.startsWith('$ ')) return; // output
              text = text.slice(2);
            }
            if (WINDOWS_TAGS.has(fence.tag) && /^\s*(rem\b|::)/i.test(text)) return;
            if (text.trim() === '' || text.trimStart().startsWith('#')) return;
          }
          const continues = text.trimEnd().endsWith('\\');
          const inQuote = pending !== null && quoteOpen(pending.text);
          const piece = inQuote ? text : stripComment(continues ? text.trimEnd().slice(0, -1) : text);
          pending = pending ? { line: pending.line, text: `${pending.text}${inQuote ? '\n' : ' '}${piece.trim()}` } : { line: lineNo, text: piece.trim() };
          if (!continues && !quoteOpen(pending.text)) {
            commands.push({ file, line: pending.line, text: pending.text, kind: WINDOWS_TAGS.has(fence.tag) ? 'windows' : 'block' });
            pending = null;
          }
        } else if (fence.tag === '' && COMMAND_START.test(line.trim())) {
          untagged.push({ file, line: lineNo, text: line.trim() });
        }
        return;
      }
      for (const span of raw.matchAll(/`([^`]+)`/g)) {
        const text = (span[1] ?? '').trim();
        if (INLINE_COMMAND.test(text)) commands.push({ file, line: lineNo, text, kind: 'inline' });
        else if (REPO_PATH.test(text)) paths.push({ file, line: lineNo, target: text });
      }
      for (const link of raw.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = link[1] ?? '';
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
        links.push({ file, line: lineNo, target });
      }
    });
  }
  return { commands, links, untagged, paths };
}

/** A path a doc names in code (from the repository's root); null when it exists. */
export function missingRepoPath(path: DocLink): string | null {
  return existsSync(join(ROOT, path.target)) ? null : path.target;
}

/** Where a relative link points, from the file it is in; null when it exists. */
export function missingLinkTarget(link: DocLink): string | null {
  const path = decodeURIComponent(link.target.split('#')[0] ?? '');
  const absolute = resolve(ROOT, dirname(link.file), path);
  return existsSync(absolute) ? null : relative(ROOT, absolute);
}

/** Splits a command line into words the way a shell would for these simple lines (quotes kept together, removed). */
export function words(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let quote: string | null = null;
  let has = false;
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = null;
      else current += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      has = true;
    } else if (/\s/.test(c)) {
      if (has || current) out.push(current);
      current = '';
      has = false;
    } else {
      current += c;
      has = true;
    }
  }
  if (has || current) out.push(current);
  return out;
}

/** Splits `a && b; c | d` into its simple commands (outside quotes). */
export function simpleCommands(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | null = null;
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] ?? '';
    if (quote) {
      if (c === quote) quote = null;
      current += c;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    if (c === '(') depth += 1;
    if (c === ')') depth -= 1;
    const two = text.slice(i, i + 2);
    if (depth === 0 && (two === '&&' || two === '||')) {
      parts.push(current);
      current = '';
      i += 1;
      continue;
    }
    // A pipe between words (`a | b`), not inside a usage line's alternatives (`--only aged|empty`).
    if (depth === 0 && (c === ';' || (c === '|' && /\s/.test(text[i - 1] ?? '') && /\s/.test(text[i + 1] ?? '')))) {
      parts.push(current);
      current = '';
      continue;
    }
    current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}
