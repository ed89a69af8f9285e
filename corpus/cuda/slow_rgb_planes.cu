//pass
//--blockDim=256 --gridDim=64
// expect: drf — thread id owns pixel (x, y) of image b and updates its three planes at b*h*w*3 + x + w*(y + h*c) for c = 0, 1, 2: x < w and y < h keep the pixels of one plane apart, and c < 3 the planes of one image.
// Per-pixel colour adjustment of a batch of planar RGB images, the three
// planes of a pixel unrolled.
__global__ void adjustPlanes(float *image, const float *gain, int batch, int w, int h)
{
    int id = (blockIdx.x + blockIdx.y * gridDim.x) * blockDim.x + threadIdx.x;
    if (id >= batch * w * h)
        return;
    int x = id % w;
    int y = (id / w) % h;
    int b = id / w / h;
    float *im = image + b * h * w * 3;
    float r = im[x + w * (y + h * 0)];
    float g = im[x + w * (y + h * 1)];
    float bl = im[x + w * (y + h * 2)];
    im[x + w * (y + h * 0)] = r * gain[3 * b + 0];
    im[x + w * (y + h * 1)] = g * gain[3 * b + 1];
    im[x + w * (y + h * 2)] = bl * gain[3 * b + 2];
}
