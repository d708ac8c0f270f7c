// The SPEC §5 image rules checked in the browser before an upload is sent.
import { describe, expect, it } from 'vitest';
import { imageProblem } from './ImageUpload';

describe('imageProblem', () => {
  it('accepts JPG, JPEG, PNG and GIF up to 2 MB and names the problem otherwise', () => {
    const f = (name: string, type: string, size = 1000) => imageProblem({ name, type, size });
    expect(f('logo.JPG', 'image/jpeg')).toBeNull();
    expect(f('logo.gif', 'image/gif', 2_097_152)).toBeNull();
    expect(f('logo.webp', 'image/webp')).toBe('upload.format');
    expect(f('logo.png', 'application/pdf')).toBe('upload.format');
    expect(f('logo.png', 'image/png', 2_097_153)).toBe('upload.tooLarge');
  });
});
