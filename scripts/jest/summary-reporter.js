/**
 * Records the run's totals for the closing line CI reads (`N passed, N failed`); `scripts/test.ts`
 * prints it after jest's own summary so it is the last line of the output.
 */
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + (results.numRuntimeErrorTestSuites || 0);
    const skipped = results.numPendingTests + results.numTodoTests;
    const file = process.env.CLIFFHANGER_TEST_SUMMARY || path.join(__dirname, '../../var/test-summary.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ passed: results.numPassedTests, failed, skipped }));
  }
}
module.exports = SummaryReporter;
