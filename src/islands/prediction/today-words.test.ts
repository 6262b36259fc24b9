import { describe, expect, it } from 'vitest';
import type { TodayPlan, TodayTopic } from '../../lib/api/prediction.ts';
import {
  daysLeftLine,
  homeShowsTodayCard,
  practiseTopicLabel,
  reviewLinkText,
  reviewsLine,
  setDatePrompt,
  stakeLine,
  topicsIntro,
} from './today-words.ts';

const optics = (pointsAtStake: number): TodayTopic => ({
  subject: { _id: 'p', slug: 'physics', title: 'Physics' },
  topic: 'Optics',
  pointsAtStake,
});

const plan = (parts: Partial<TodayPlan> = {}): TodayPlan => ({
  examDate: null,
  daysLeft: null,
  reviewsDue: 0,
  topics: [],
  ...parts,
});

describe('the Today card’s words', () => {
  it('counts the days to the exam, and says so on the day', () => {
    expect(daysLeftLine(42)).toBe('42 days to your exam');
    expect(daysLeftLine(1)).toBe('1 day to your exam');
    expect(daysLeftLine(0)).toBe('Your exam is today. Good luck!');
  });

  it('asks for the date when none is set, or for the next one when it has passed', () => {
    expect(daysLeftLine(null)).toBeUndefined();
    expect(setDatePrompt({ examDate: null, daysLeft: null })).toMatch(/^Set the day of your exam/);
    // Past the day, the server still names it but counts no days left.
    expect(setDatePrompt({ examDate: '2026-03-01', daysLeft: null })).toMatch(/^Your exam day has passed/);
  });

  it('says the reviews due, and links to the deck with their count', () => {
    expect(reviewsLine(5)).toBe('You have 5 questions to review today.');
    expect(reviewsLine(1)).toBe('You have 1 question to review today.');
    expect(reviewsLine(0)).toBe('No reviews due today.');
    expect(reviewLinkText(5)).toBe('Review your mistakes (5 due)');
    expect(reviewLinkText(0)).toBe('Review your mistakes');
  });

  it('says the points a topic puts at stake out of 400, in whole points', () => {
    expect(stakeLine(optics(6.4))).toBe('Physics: about 6 points of your 400 at stake');
    expect(stakeLine(optics(1))).toBe('Physics: about 1 point of your 400 at stake');
    expect(stakeLine(optics(0.3))).toBe('Physics: under 1 point of your 400 at stake');
    expect(practiseTopicLabel(optics(6))).toBe('Practise Optics (Physics)');
  });

  it('introduces the topics, or says how they will come', () => {
    expect(topicsIntro(plan({ topics: [optics(6)] }))).toBe('Then practise the topics that cost you most:');
    expect(topicsIntro(plan())).toMatch(/^Answer questions in your 4 subjects/);
  });

  it('takes the review reminder’s place on home only for a student with an exam date', () => {
    expect(homeShowsTodayCard(plan({ examDate: '2027-04-24', daysLeft: 30 }))).toBe(true);
    expect(homeShowsTodayCard(plan({ reviewsDue: 4, topics: [optics(6)] }))).toBe(false);
  });
});
