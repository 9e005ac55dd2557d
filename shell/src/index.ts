// The async boundary federation needs before any shared module is used (../shared/PITFALLS.md).
import('./bootstrap');
