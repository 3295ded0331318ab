import { describe, expect, it } from 'vitest';
import { previewDocument } from './preview-document.ts';

describe('the mailbox preview document', () => {
  it('puts <base target="_top"> first in an existing head, ahead of any base the e-mail has', () => {
    expect(previewDocument('<html><head><base target="_self"><title>x</title></head><body>Hi</body></html>')).toBe(
      '<html><head><base target="_top"><base target="_self"><title>x</title></head><body>Hi</body></html>',
    );
  });

  it('adds a head to an e-mail that has none (our templates)', () => {
    expect(previewDocument('<!doctype html><html lang="en-GB"><body><a href="/x">x</a></body></html>')).toBe(
      '<!doctype html><html lang="en-GB"><head><base target="_top"></head><body><a href="/x">x</a></body></html>',
    );
  });

  it('handles a bare fragment, with or without a doctype', () => {
    expect(previewDocument('<!DOCTYPE html><p>Hi</p>')).toBe('<!DOCTYPE html><base target="_top"><p>Hi</p>');
    expect(previewDocument('<p>Hi</p>')).toBe('<base target="_top"><p>Hi</p>');
  });

  it('does not take a <header> for the head', () => {
    expect(previewDocument('<html><body><header>Hi</header></body></html>')).toBe(
      '<html><head><base target="_top"></head><body><header>Hi</header></body></html>',
    );
  });
});
