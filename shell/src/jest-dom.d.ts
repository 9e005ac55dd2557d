// The jest-dom matchers that scripts/jest/after-env.ts installs, typed for the shell's component tests.
import '@testing-library/jest-dom';
