import { describe, expect, it } from 'vitest';
import { expectLogs, startTestLogs, takeLogProblems, testLogger } from '../support/logs.ts';

// The check the setup file runs after each test (tests/support/fail-on-unexpected-logs.ts), called here by
// hand so that its verdict can be read instead of failing this test.
describe('the test logger and its check', () => {
  it('reports each warn- and error-level entry nobody expected, once, and no info entry', () => {
    const logger = testLogger();
    logger.info('chatter');
    logger.warn({ reference: 'ref-1' }, 'a payment was refused');
    logger.error({ err: new Error('SMTP down') }, 'mail failed');
    expect(takeLogProblems()).toEqual([
      'Unexpected warn log: "a payment was refused" {"reference":"ref-1"}',
      'Unexpected error log: "mail failed" (Error: SMTP down)',
    ]);
    expect(takeLogProblems()).toEqual([]);
  });

  it('lets a test expect its logs by message or by its error, and fails an expectation nothing met', () => {
    startTestLogs();
    expectLogs(/refused/);
    expectLogs('SMTP down', { level: 'error' });
    expectLogs(/never logged/);
    const logger = testLogger();
    logger.warn('a payment was refused');
    logger.warn('another was refused');
    logger.error({ err: new Error('SMTP down') }, 'mail failed');
    expect(takeLogProblems()).toEqual(['Expected a log matching /never logged/; none came']);
  });

  it('does not let an expectation of one level consume an entry of another', () => {
    startTestLogs();
    expectLogs(/mail failed/, { level: 'error' });
    testLogger().warn('mail failed');
    expect(takeLogProblems()).toEqual([
      'Unexpected warn log: "mail failed"',
      'Expected a log matching /mail failed/; none came',
    ]);
  });
});
