// jsdom lacks a few web APIs that react-router and RTK Query expect (../shared/PITFALLS.md).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
