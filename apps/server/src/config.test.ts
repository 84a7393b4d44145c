import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults to port 3000, ./data and demo mode on the embedded database', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.demo).toBe(true);
    expect(c.accessTokenTtl).toBe(3600);
  });

  it('never turns demo mode on by default with DATABASE_URL or in production', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', DEMO_DATA: '1' }).demo).toBe(true);
  });

  it('puts links on PUBLIC_URL, required in production; elsewhere on the configured HOST:PORT', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required in production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com/app/' }).publicOrigin).toBe('https://portal.example.com');
    expect(loadConfig({}).publicOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '192.168.1.20', PORT: '8080' }).publicOrigin).toBe('http://192.168.1.20:8080');
    expect(loadConfig({ HOST: '::1', PORT: '80' }).publicOrigin).toBe('http://[::1]');
  });

  it('sizes the PostgreSQL pool by the cores unless told', () => {
    expect(loadConfig({}).databasePoolSize).toBeGreaterThanOrEqual(4);
    expect(loadConfig({ DATABASE_POOL_SIZE: '3' }).databasePoolSize).toBe(3);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('names every bad value in one clear error', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must start with postgres[\s\S]*JWT_SECRET: must be at least 32/,
    );
  });
});
