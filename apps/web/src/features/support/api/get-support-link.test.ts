import { describe, expect, it } from 'vitest';
import { chatUrl } from './get-support-link';

describe('chatUrl', () => {
  it('uses the part after the equals sign as the WhatsApp number', () => {
    expect(chatUrl('whatsapp=2348012345678')).toBe('https://wa.me/2348012345678');
  });

  it('answers null when there is nothing usable', () => {
    expect(chatUrl(undefined)).toBeNull();
    expect(chatUrl('whatsapp')).toBeNull();
    expect(chatUrl('whatsapp=')).toBeNull();
  });
});
