import { findNodeAtLocation, type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { Location, ParsedFile, Problem } from '../types.ts';
import { lineIndex } from './lines.ts';

const SYNTAX_HINTS: Record<string, string> = {
  CommaExpected: 'a comma is missing between two values',
  ColonExpected: 'a colon is missing after a field name',
  PropertyNameExpected: 'a field name in double quotes is expected (is there a comma after the last field?)',
  ValueExpected: 'a value is expected (is there a comma after the last item?)',
  CloseBraceExpected: 'a closing } is missing',
  CloseBracketExpected: 'a closing ] is missing',
  EndOfFileExpected: 'there is more text after the end of the paper',
  InvalidEscapeCharacter:
    'a backslash starts an escape JSON does not know: write LaTeX backslashes twice (\\\\frac)',
  UnexpectedEndOfString: 'a string is not closed with a double quote',
  InvalidCommentToken: 'JSON files cannot hold comments',
  InvalidSymbol: 'this is not valid JSON here',
  InvalidCharacter: 'a string holds a control character such as a raw line break: write \\n instead',
};

function pathLabel(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** A JSON document read with the place of each field, or the problems that stop it being read. */
export type LocatedJson =
  | { ok: true; tree: Node; locate: (path: readonly PropertyKey[]) => Location }
  | { ok: false; problems: Problem[] };

/**
 * Reads a JSON document, keeping where each field is so problems name their line. Syntax errors and LaTeX
 * written with single backslashes are problems; nothing else is checked.
 */
export function readLocatedJson(text: string, file: string): LocatedJson {
  const errors: ParseError[] = [];
  const tree = parseTree(text.replace(/^\uFEFF/, ''), errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  const lineOf = lineIndex(text.replace(/^\uFEFF/, ''));
  if (errors.length > 0 || !tree) {
    const problems = errors.slice(0, 5).map((error) => {
      const code = printParseErrorCode(error.error);
      return {
        file,
        line: lineOf(error.offset),
        message: `the file is not valid JSON: ${SYNTAX_HINTS[code] ?? code}`,
      };
    });
    return {
      ok: false,
      problems: problems.length ? problems : [{ file, line: 1, message: 'the file is empty' }],
    };
  }

  const locate = (path: readonly PropertyKey[]): Location => {
    // The nearest node that exists: a missing field is reported on the line of the object that lacks it.
    for (let length = path.length; length >= 0; length -= 1) {
      const segments = path.slice(0, length).filter((part) => typeof part !== 'symbol') as (
        | string
        | number
      )[];
      const node: Node | undefined = length === 0 ? tree : findNodeAtLocation(tree, segments);
      if (node) {
        const start = node.parent?.type === 'property' ? node.parent.offset : node.offset;
        return { file, line: lineOf(start), ...(path.length ? { field: pathLabel(path) } : {}) };
      }
    }
    return { file, line: 1 };
  };

  // Checked first and alone: a mis-escaped formula would also fail to render, and say so less clearly.
  const escapes = escapeProblems(tree, locate);
  if (escapes.length > 0) return { ok: false, problems: escapes };
  return { ok: true, tree, locate };
}

/** Reads one paper in the native JSON format, keeping where each field is so problems name their line. */
export function parseNativeJson(text: string, file: string): ParsedFile {
  const read = readLocatedJson(text, file);
  if (!read.ok) return { file, papers: [], problems: read.problems };
  const { tree, locate } = read;
  if (tree.type !== 'object') {
    return {
      file,
      papers: [],
      problems: [
        {
          file,
          line: 1,
          message: 'the file must hold one paper: an object with examType, subject, year and questions',
        },
      ],
    };
  }
  const { questions, ...header } = (tree.children ?? []).reduce<Record<string, unknown>>(
    (object, property) => {
      const [key, value] = property.children ?? [];
      if (key && value) object[String(key.value)] = nodeValue(value);
      return object;
    },
    {},
  );
  if (!Array.isArray(questions) || questions.length === 0) {
    return {
      file,
      papers: [],
      problems: [
        {
          ...locate(['questions']),
          message: 'the paper needs "questions": a list with at least one question',
        },
      ],
    };
  }
  return {
    file,
    problems: [],
    papers: [
      {
        header,
        locateHeader: locate,
        questions: questions.map((input, index) => ({
          input,
          locate: (path) => locate(['questions', index, ...path]),
        })),
      },
    ],
  };
}

// JSON reads \f, \t, \b, \r and \n as control characters, so LaTeX written with one backslash
// (\frac, \times, \beta, \right, \neq) parses without error and renders wrong.
const CONTROL_CHARACTERS: [string, string][] = [
  ['\f', 'a form feed'],
  ['\t', 'a tab'],
  ['\b', 'a backspace'],
  ['\r', 'a carriage return'],
];
const LATEX_AFTER_NEWLINE = /\n(?:eq|e|eg|u|abla|ot|ewline|leq|geq|mid|subset|exists|i)(?![a-z])/;

function pathOf(node: Node): (string | number)[] {
  const path: (string | number)[] = [];
  let current: Node | undefined = node;
  while (current?.parent) {
    const parent: Node = current.parent;
    if (parent.type === 'property') {
      path.unshift(String(parent.children?.[0]?.value));
      current = parent.parent;
    } else {
      path.unshift(parent.children?.indexOf(current) ?? 0);
      current = parent;
    }
  }
  return path;
}

function escapeProblems(tree: Node, locate: (path: readonly PropertyKey[]) => Location): Problem[] {
  const found: Problem[] = [];
  const visit = (node: Node) => {
    const isValue = node.parent?.type !== 'property' || node.parent.children?.[1] === node;
    if (node.type === 'string' && isValue) {
      const value = String(node.value);
      const control = CONTROL_CHARACTERS.find(([character]) => value.includes(character))?.[1];
      const hasMath = value.includes('\\(') || value.includes('$$');
      const what = control ?? (hasMath && LATEX_AFTER_NEWLINE.test(value) ? 'a line break' : undefined);
      if (what) {
        found.push({
          ...locate(pathOf(node)),
          message: `the text holds ${what} where LaTeX was meant: in JSON write each backslash twice (\\\\frac, \\\\times)`,
        });
      }
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return found;
}

/** The plain value of a parsed JSON node. */
export function nodeValue(node: Node): unknown {
  if (node.type === 'object') {
    const object: Record<string, unknown> = {};
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (key && value) object[String(key.value)] = nodeValue(value);
    }
    return object;
  }
  if (node.type === 'array') return (node.children ?? []).map(nodeValue);
  return node.value;
}
