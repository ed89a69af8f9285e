//pass
//--blockDim=64 --gridDim=1
// expect: drf — T: plane[t] covers T[1][*][*], one cell per thread; T[2][0][0] is only read.
// Shift one 8x8 plane of a 4x8x8 volume by one element.
__global__ void shiftPlane(const float *in, float *out)
{
    __shared__ float T[4][8][8];
    int t = threadIdx.x;
    float *plane = &T[1][0][0];
    plane[t] = in[t];
    float seed = T[2][0][0];
    __syncthreads();
    out[t] = plane[t] + seed;
}
