//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — T: thread 63 writes plane[64], which is T[2][0][0], while thread 0 reads T[2][0][0], with no barrier.
// Shift one 8x8 plane of a 4x8x8 volume by one element.
__global__ void shiftPlane(const float *in, float *out)
{
    __shared__ float T[4][8][8];
    int t = threadIdx.x;
    float *plane = &T[1][0][0];
    plane[t + 1] = in[t]; // BUG: thread 63 writes T[2][0][0]
    float seed = T[2][0][0];
    __syncthreads();
    out[t] = plane[t] + seed;
}
