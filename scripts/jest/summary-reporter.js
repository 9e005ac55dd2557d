/**
 * Records the run's totals for the closing line CI reads (`N passed, N failed`); `scripts/test.ts`
 * prints it after jest's own summary so it is the last line of the output. Beside the totals it keeps
 * each test file's run time, slowest first, so a run that grows slow says where the time went.
 */
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + (results.numRuntimeErrorTestSuites || 0);
    const skipped = results.numPendingTests + results.numTodoTests;
    const root = path.join(__dirname, '../..');
    const slowest = results.testResults
      .map((file) => ({
        file: path.relative(root, file.testFilePath),
        seconds: Math.round((file.perfStats.end - file.perfStats.start) / 100) / 10,
      }))
      .sort((a, b) => b.seconds - a.seconds);
    const file = process.env.CLIFFHANGER_TEST_SUMMARY || path.join(root, 'var/test-summary.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ passed: results.numPassedTests, failed, skipped, slowest }));
  }
}
module.exports = SummaryReporter;
