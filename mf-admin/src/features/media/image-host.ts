/**
 * Where large images go (product.md#media): a base64 image over 500 KB is uploaded to the image host and
 * replaced by its address; smaller ones travel inline and the API stores them. The image host is our
 * own media library by default, reached over tus like every upload (tus-upload.ts). A Cloudinary-style host (unsigned preset, folder and eager sizes) is
 * used when the served runtime configuration names one:
 *   imageHostUploadUrl, imageHostUploadPreset, imageHostFolder, imageHostEager
 */
import { apiClient, IMAGE_HOST_THRESHOLD_BYTES } from '@cliffhanger/shared';
import type { MediaAsset } from '../../lib/api/admin.types';
import { dataUrlBytes } from './image-optimizer';
import { mediaT } from './messages';
import { uploadFile } from './tus-upload';

/** What a failed image-host upload says, in the page's language. */
export const imageHostFailed = () => mediaT('error.imageHost');

interface ImageHostConfig {
  imageHostUploadUrl?: string;
  imageHostUploadPreset?: string;
  imageHostFolder?: string;
  imageHostEager?: string;
}

function hostConfig(): ImageHostConfig {
  return ((typeof window !== 'undefined' && window.__CLIFFHANGER__) || {}) as ImageHostConfig;
}

function dataUrlToFile(dataUrl: string, name: string): File {
  const [header, base64 = ''] = dataUrl.split(',');
  const type = /data:([^;]+)/.exec(header ?? '')?.[1] ?? 'image/webp';
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], name, { type, lastModified: Date.now() });
}

export async function uploadToImageHost(dataUrl: string, name: string, fetcher: typeof fetch = fetch): Promise<string> {
  const config = hostConfig();
  const file = dataUrlToFile(dataUrl, name);
  if (config.imageHostUploadUrl && config.imageHostUploadPreset) {
    const form = new FormData();
    form.append('file', file);
    form.append('upload_preset', config.imageHostUploadPreset);
    if (config.imageHostFolder) form.append('folder', config.imageHostFolder);
    if (config.imageHostEager) form.append('eager', config.imageHostEager);
    const response = await fetcher(config.imageHostUploadUrl, { method: 'POST', body: form });
    if (!response.ok) throw new Error(imageHostFailed());
    const body = (await response.json()) as { secure_url?: string; url?: string };
    const url = body.secure_url ?? body.url;
    if (!url) throw new Error(imageHostFailed());
    return url;
  }
  try {
    const { asset_id } = await uploadFile(file, { kind: 'image' });
    const asset =
      asset_id === null ? null : (await apiClient().get<MediaAsset | null>(`/admin/media/${asset_id}/`)).data;
    if (!asset?.url) throw new Error(imageHostFailed());
    return asset.url;
  } catch {
    throw new Error(imageHostFailed());
  }
}

/** The address to save for an optimised image: inline when small, the image host's when large. */
export async function imageAddressFor(dataUrl: string, name: string): Promise<string> {
  return dataUrlBytes(dataUrl) > IMAGE_HOST_THRESHOLD_BYTES ? uploadToImageHost(dataUrl, name) : dataUrl;
}
