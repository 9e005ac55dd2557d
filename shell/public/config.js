// Runtime configuration; the server replaces this file with the values of its environment.
window.__CLIFFHANGER__ = window.__CLIFFHANGER__ || {};
