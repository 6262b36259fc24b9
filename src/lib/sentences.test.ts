import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.ts';

describe('splitSentences', () => {
  it('splits at full stops, question marks and exclamation marks', () => {
    expect(splitSentences('We keep your data safe. Do we sell it? Never! Ask us anything.')).toEqual([
      'We keep your data safe.',
      'Do we sell it?',
      'Never!',
      'Ask us anything.',
    ]);
  });

  it('keeps abbreviations that never end a sentence inside it', () => {
    expect(
      splitSentences(
        'Use a device you trust, e.g. your own phone. Mr. Okafor and Dr. Bello agree, i.e. they signed. Done.',
      ),
    ).toEqual([
      'Use a device you trust, e.g. your own phone.',
      'Mr. Okafor and Dr. Bello agree, i.e. they signed.',
      'Done.',
    ]);
  });

  it('does not split after number labels such as No. before a number', () => {
    expect(splitSentences('Our office is at No. 14 Adeola Odeku Street. Visit us.')).toEqual([
      'Our office is at No. 14 Adeola Odeku Street.',
      'Visit us.',
    ]);
  });

  it('treats Ltd. as an ending only when a new sentence follows', () => {
    expect(
      splitSentences(
        'The service is run by ExamPrep NG Education Ltd. (the Company). ExamPrep NG Education Ltd. is in Lagos. We run it with ExamPrep NG Education Ltd. Students benefit.',
      ),
    ).toEqual([
      'The service is run by ExamPrep NG Education Ltd. (the Company).',
      'ExamPrep NG Education Ltd. is in Lagos.',
      'We run it with ExamPrep NG Education Ltd.',
      'Students benefit.',
    ]);
  });

  it('never splits inside decimals, prices or web addresses', () => {
    expect(
      splitSentences('A test lasts 1.5 hours and costs ₦1,500.50 at examprep.ng today. Pay by card.'),
    ).toEqual(['A test lasts 1.5 hours and costs ₦1,500.50 at examprep.ng today.', 'Pay by card.']);
  });

  it('splits after an ellipsis only when a new sentence starts', () => {
    expect(splitSentences('We waited... and waited. Then it loaded… Finally!')).toEqual([
      'We waited... and waited.',
      'Then it loaded…',
      'Finally!',
    ]);
  });

  it('keeps closing quotes and brackets with the sentence they end', () => {
    expect(
      splitSentences(
        'The button reads "Submit." Tap it once. (Do not tap twice.) Your teacher said, ‘Well done!’ She meant it.',
      ),
    ).toEqual([
      'The button reads "Submit."',
      'Tap it once.',
      '(Do not tap twice.)',
      'Your teacher said, ‘Well done!’',
      'She meant it.',
    ]);
  });

  it('does not split after an initial', () => {
    expect(splitSentences('Signed by J. K. Adebayo for the company. Thank you.')).toEqual([
      'Signed by J. K. Adebayo for the company.',
      'Thank you.',
    ]);
  });

  it('does not split before a lower-case word', () => {
    expect(splitSentences('Prices vary by plan, etc. and may change.')).toEqual([
      'Prices vary by plan, etc. and may change.',
    ]);
  });

  it('returns short text whole, a last sentence without a full stop, and nothing for blank input', () => {
    expect(splitSentences('One sentence only.')).toEqual(['One sentence only.']);
    expect(splitSentences('First one. And a second without a stop')).toEqual([
      'First one.',
      'And a second without a stop',
    ]);
    expect(splitSentences('   \n  ')).toEqual([]);
  });

  it('collapses line breaks and runs of spaces', () => {
    expect(splitSentences('Line one\ncontinues.   Line\n\ttwo.')).toEqual([
      'Line one continues.',
      'Line two.',
    ]);
  });
});
