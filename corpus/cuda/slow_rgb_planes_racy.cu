//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — an image is taken to be two planes long (b*h*w*2) while each writes three: plane 2 of image b is plane 0 of image b + 1, written by another thread.
// Per-pixel colour adjustment of planar RGB images with the image stride
// of two planes.
__global__ void adjustPlanesRacy(float *image, const float *gain, int batch, int w, int h)
{
    int id = (blockIdx.x + blockIdx.y * gridDim.x) * blockDim.x + threadIdx.x;
    if (id >= batch * w * h)
        return;
    int x = id % w;
    int y = (id / w) % h;
    int b = id / w / h;
    float *im = image + b * h * w * 2;
    im[x + w * (y + h * 0)] *= gain[3 * b + 0];
    im[x + w * (y + h * 1)] *= gain[3 * b + 1];
    im[x + w * (y + h * 2)] *= gain[3 * b + 2];
}
