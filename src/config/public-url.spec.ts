import { loadConfig } from './config.js';

describe('PUBLIC_BASE_URL and PORT (issue 36)', () => {
  it('follows PORT when unset, so the demo on another port logs and links itself', () => {
    expect(loadConfig({ PORT: '4123' }).PUBLIC_BASE_URL).toBe('http://localhost:4123');
    expect(loadConfig({}).PUBLIC_BASE_URL).toBe('http://localhost:3000');
  });

  it('is the operator’s when set, whatever PORT', () => {
    expect(loadConfig({ PORT: '4123', PUBLIC_BASE_URL: 'https://www.agency.example' }).PUBLIC_BASE_URL).toBe('https://www.agency.example');
  });
});
