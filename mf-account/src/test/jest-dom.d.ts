// The jest-dom matchers the setup file installs (scripts/jest/after-env.ts), for the type checker.
import '@testing-library/jest-dom';
