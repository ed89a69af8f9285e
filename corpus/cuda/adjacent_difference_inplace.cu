//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — d: thread i reads d[i+1] while thread i+1 writes d[i+1] (its own d[i]); an in-place forward difference needs a second buffer.
// Forward differences computed in place.
__global__ void adjacentDifferenceInPlace(float *d, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n)
        d[i] = d[i + 1] - d[i];
}
