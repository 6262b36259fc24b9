import { splitSentences } from './sentences.ts';

/**
 * The policy and the terms are each one MDX file: a `## Heading` line starts a section, and the section's
 * paragraphs and bullet lists follow it. This module splits such a file into sections of sentences, so the
 * pages can show each section's first sentences with Read More (spec §2).
 */

/** A paragraph or a list item, as sentences; `more` marks the sentences hidden behind Read More. */
export interface PreviewText {
  sentences: { text: string; more: boolean }[];
  /** Every sentence is hidden behind Read More. */
  more: boolean;
}

export type SectionBlock =
  | ({ kind: 'paragraph' } & PreviewText)
  | { kind: 'list'; items: PreviewText[]; more: boolean };

export interface DocumentSection {
  heading: string;
  /** A URL fragment made from the heading, unique within the document. */
  id: string;
  blocks: SectionBlock[];
  /** The section has more than the preview shows, so it needs the Read More toggle. */
  hasMore: boolean;
}

/** Thrown when a document is not written as headings and paragraphs; the message tells the editor what to fix. */
export class DocumentFormatError extends Error {
  override name = 'DocumentFormatError';
}

/** A URL fragment from a heading: lower case, letters and digits joined by hyphens. */
export function slugify(heading: string): string {
  return (
    heading
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

interface RawSection {
  heading: string;
  blocks: ({ kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] })[];
}

const LIST_ITEM = /^\s*[-*]\s+/;

/** Splits the source into headings and blocks, refusing markup the preview cannot show. */
function readSections(source: string, documentName: string, lineOffset: number): RawSection[] {
  // MDX comments are notes for editors and never shown; their line breaks stay, to keep line numbers right.
  const text = source.replace(/\{\/\*[\s\S]*?\*\/\}/g, (comment) => comment.replace(/[^\n]/g, ''));
  const lines = text.split(/\r?\n/);
  const sections: RawSection[] = [];
  let paragraph: string[] = [];
  let list: string[] | undefined;
  let blockStart = 1;

  const fail = (lineNumber: number, problem: string): never => {
    throw new DocumentFormatError(`${documentName}, line ${lineNumber + lineOffset}: ${problem}`);
  };
  const current = (lineNumber: number) => {
    return (
      sections.at(-1) ?? fail(lineNumber, 'start the document with a "## Heading" line before any text.')
    );
  };
  const flush = () => {
    if (paragraph.length > 0) {
      current(blockStart).blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
      paragraph = [];
    }
    if (list) {
      current(blockStart).blocks.push({ kind: 'list', items: list });
      list = undefined;
    }
  };

  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    const trimmed = line.trim();
    if (trimmed === '') {
      flush();
      return;
    }
    const heading = /^##\s+(.+?)\s*#*$/.exec(trimmed);
    if (heading?.[1] && !trimmed.startsWith('###')) {
      flush();
      sections.push({ heading: heading[1], blocks: [] });
      return;
    }
    if (trimmed.startsWith('#')) {
      fail(
        lineNumber,
        'use "## " (two hashes and a space) for a section heading; other heading levels are not used.',
      );
    }
    const isItem = LIST_ITEM.test(line);
    const content = isItem ? trimmed.replace(LIST_ITEM, '') : trimmed;
    if (/[<>{}]/.test(content)) {
      fail(lineNumber, 'write plain text: HTML tags, components and { } are not shown in this document.');
    }
    if (/(\*|`|!\[|\]\()/.test(content)) {
      fail(
        lineNumber,
        'write plain text: bold, italics, code, images and links are not shown in this document.',
      );
    }
    if (isItem) {
      if (paragraph.length > 0) flush();
      if (!list) blockStart = lineNumber;
      list ??= [];
      list.push(content);
      return;
    }
    if (list) {
      // A line under a list item continues that item.
      list[list.length - 1] = `${list.at(-1)} ${trimmed}`;
      return;
    }
    if (paragraph.length === 0) blockStart = lineNumber;
    paragraph.push(trimmed);
  });
  flush();

  if (sections.length === 0) {
    throw new DocumentFormatError(
      `${documentName}: add at least one section, starting with a "## Heading" line.`,
    );
  }
  for (const section of sections) {
    if (section.blocks.length === 0) {
      throw new DocumentFormatError(
        `${documentName}: the section "${section.heading}" has no text under its heading.`,
      );
    }
  }
  return sections;
}

/**
 * Parses a policy-style document into sections whose first `previewSentences` sentences are shown and the
 * rest marked `more`. Throws DocumentFormatError, naming the line, when the file is not headings and text.
 */
export function parseDocumentSections(
  source: string,
  options: {
    previewSentences?: number;
    /** Named in error messages. */
    documentName?: string;
    /** Lines before `source` in the file (its frontmatter), so that errors name the file's own lines. */
    lineOffset?: number;
  } = {},
): DocumentSection[] {
  const limit = options.previewSentences ?? 3;
  const usedIds = new Map<string, number>();

  return readSections(source, options.documentName ?? 'document', options.lineOffset ?? 0).map((raw) => {
    let shown = 0;
    const preview = (text: string): PreviewText => {
      const sentences = splitSentences(text).map((sentence) => {
        shown += 1;
        return { text: sentence, more: shown > limit };
      });
      return { sentences, more: sentences.every((sentence) => sentence.more) };
    };
    const blocks: SectionBlock[] = raw.blocks.map((block) => {
      if (block.kind === 'paragraph') return { kind: 'paragraph', ...preview(block.text) };
      const items = block.items.map(preview);
      return { kind: 'list', items, more: items.every((item) => item.more) };
    });

    const base = slugify(raw.heading);
    const seen = usedIds.get(base) ?? 0;
    usedIds.set(base, seen + 1);
    return {
      heading: raw.heading,
      id: seen === 0 ? base : `${base}-${seen + 1}`,
      blocks,
      hasMore: shown > limit,
    };
  });
}
