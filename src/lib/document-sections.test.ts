import { describe, expect, it } from 'vitest';
import { DocumentFormatError, parseDocumentSections, slugify } from './document-sections.ts';

const visible = (texts: { sentences: { text: string; more: boolean }[] }) =>
  texts.sentences.filter((sentence) => !sentence.more).map((sentence) => sentence.text);

describe('parseDocumentSections', () => {
  it('splits the document at "## " headings and marks sentences after the third', () => {
    const [first, second] = parseDocumentSections(
      [
        '{/* Editors: one "## " heading per section. */}',
        '## Who we are',
        '',
        'One. Two. Three.',
        'Four on the next line.',
        '',
        'Five in a new paragraph.',
        '',
        '## Short section',
        '',
        'Only one sentence here.',
      ].join('\n'),
    );
    expect(first?.heading).toBe('Who we are');
    expect(first?.id).toBe('who-we-are');
    expect(first?.hasMore).toBe(true);
    const [opening, closing] = first?.blocks ?? [];
    expect(opening?.kind).toBe('paragraph');
    if (opening?.kind !== 'paragraph' || closing?.kind !== 'paragraph')
      throw new Error('paragraphs expected');
    expect(visible(opening)).toEqual(['One.', 'Two.', 'Three.']);
    expect(opening.sentences.at(-1)).toEqual({ text: 'Four on the next line.', more: true });
    expect(opening.more).toBe(false);
    expect(closing.more).toBe(true);

    expect(second?.hasMore).toBe(false);
    expect(second?.blocks).toHaveLength(1);
  });

  it('counts list items as sentences and hides the items past the preview', () => {
    const [section] = parseDocumentSections(
      '## What we collect\n\nWe collect a few things.\n\n- Your name\n- Your phone number\n  and email\n- Your scores\n',
    );
    const list = section?.blocks[1];
    if (list?.kind !== 'list') throw new Error('list expected');
    expect(list.items.map((item) => item.sentences[0]?.text)).toEqual([
      'Your name',
      'Your phone number and email',
      'Your scores',
    ]);
    expect(list.items.map((item) => item.more)).toEqual([false, false, true]);
    expect(list.more).toBe(false);
    expect(section?.hasMore).toBe(true);
  });

  it('needs no toggle for a section of exactly three sentences', () => {
    const [section] = parseDocumentSections('## Three\n\nA. B. C.');
    expect(section?.hasMore).toBe(false);
  });

  it('makes repeated headings unique', () => {
    const ids = parseDocumentSections('## Fees\n\nA.\n\n## Fees\n\nB.').map((section) => section.id);
    expect(ids).toEqual(['fees', 'fees-2']);
  });

  it.each([
    [
      'Text before any heading.\n\n## Heading\n\nText.',
      'line 1: start the document with a "## Heading" line',
    ],
    ['## Heading\n\n### Sub heading\n\nText.', 'line 3: use "## " (two hashes and a space)'],
    ['## Heading\n\nSee <a href="/x">this</a>.', 'line 3: write plain text: HTML tags'],
    ['## Heading\n\nThis is **bold**.', 'line 3: write plain text: bold, italics'],
    [
      '## Heading\n\nRead [the terms](/terms).',
      'line 3: write plain text: bold, italics, code, images and links',
    ],
    ['## Empty\n\n## Full\n\nText.', 'the section "Empty" has no text under its heading'],
    ['', 'add at least one section'],
  ])('refuses %j with a message that says what to fix', (source, message) => {
    expect(() => parseDocumentSections(source, { documentName: 'policy.mdx' })).toThrow(DocumentFormatError);
    expect(() => parseDocumentSections(source, { documentName: 'policy.mdx' })).toThrow(message);
  });

  it('names the line of the file, counting the frontmatter before the body', () => {
    expect(() =>
      parseDocumentSections('\nStray text.\n', { documentName: 'terms.mdx', lineOffset: 5 }),
    ).toThrow('terms.mdx, line 7: start the document');
  });
});

describe('slugify', () => {
  it('makes URL fragments from headings', () => {
    expect(slugify('INTRODUCTION AND CONTRACTING PARTIES')).toBe('introduction-and-contracting-parties');
    expect(slugify('Cookies & Storage')).toBe('cookies-and-storage');
    expect(slugify('Données à caractère')).toBe('donnees-a-caractere');
    expect(slugify('!!!')).toBe('section');
  });
});
