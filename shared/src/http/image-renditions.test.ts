import { HERO_IMAGE_SIZES, hasRenditions, responsiveImage } from './image-renditions';

describe('image renditions', () => {
  it('offers phone-sized renditions of images the media server stores', () => {
    expect(responsiveImage('/media/demo/a/slider.webp', HERO_IMAGE_SIZES)).toEqual({
      src: '/media/demo/a/slider.webp',
      srcSet:
        '/media/demo/a/slider.webp?w=360 360w, /media/demo/a/slider.webp?w=720 720w, /media/demo/a/slider.webp?w=1080 1080w',
      sizes: HERO_IMAGE_SIZES,
    });
    expect(hasRenditions('https://api.example.com/media/x/cover.jpg')).toBe(true);
  });

  it('leaves images from anywhere else as they are', () => {
    for (const src of [
      'https://bucket.s3.example.com/x/cover.webp',
      '/placeholder-cover.jpg',
      '/media/x/ep1/master.m3u8',
      '/media/a.webp?v=2',
    ])
      expect(responsiveImage(src, HERO_IMAGE_SIZES)).toEqual({ src });
  });
});
