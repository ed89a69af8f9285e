//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[4,4]
// expect: racy — A: thread (x=1,y=0) writes A[1*N+0] while thread (x=0,y=1) reads A[1*N+0] (and vice versa); an in-place transpose by one thread per element is not synchronised.
// In-place transpose of an N x N matrix, done naively: every thread copies
// the mirrored element into its own position.
#define N 64

__global__ void transposeInPlace(float *A)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;

    if (x < N && y < N) {
        float v = A[y * N + x];
        A[x * N + y] = v;      // BUG: the mirrored thread reads this cell
    }
}
