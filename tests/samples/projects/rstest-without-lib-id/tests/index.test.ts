import { describe, expect, test } from '@rstest/core';
import { greet, version } from '../src/index';

describe('greet', () => {
  test('greets by name', () => {
    expect(greet(' Ada ')).toBe('Hello, Ada!');
  });
});

test('version comes from the Rslib define', () => {
  expect(version).toBe('1.0.0');
});
