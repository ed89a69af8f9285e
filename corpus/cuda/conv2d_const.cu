//pass
//--blockDim=[16,16] --gridDim=[8,8]
// expect: drf — the image and the constant filter F are only read, threads outside the image return early (no barrier follows), and out[row*width+col] is one cell per thread.
// Direct 2-D convolution with a 5x5 filter in constant memory and zero
// padding at the borders.
#define FILTER_RADIUS 2
#define FILTER_DIM (2 * FILTER_RADIUS + 1)

__constant__ float F[FILTER_DIM][FILTER_DIM];

__global__ void convolution2D(const float *in, float *out, int width, int height)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col >= width || row >= height)
        return;

    float sum = 0.0f;
    for (int fr = 0; fr < FILTER_DIM; fr++) {
        for (int fc = 0; fc < FILTER_DIM; fc++) {
            int r = row - FILTER_RADIUS + fr;
            int c = col - FILTER_RADIUS + fc;
            if (r >= 0 && r < height && c >= 0 && c < width)
                sum += F[fr][fc] * in[r * width + c];
        }
    }
    out[row * width + col] = sum;
}
