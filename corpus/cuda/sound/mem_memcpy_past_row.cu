//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — M: thread r copies 5 floats to &M[r][4], writing M[r + 1][0], while thread r + 1 writes M[r + 1][0], with no barrier.
// Thread r (r < 8) sets the head of row r and copies a tail into it.
__global__ void rows(const float *tail, float *out)
{
    __shared__ float M[9][8];
    int r = threadIdx.x;
    if (r < 8) {
        M[r][0] = 1.0f;
        memcpy(&M[r][4], tail, 5 * sizeof(float)); // BUG: 5 floats from column 4
    }
    __syncthreads();
    out[threadIdx.x] = M[threadIdx.x / 8][threadIdx.x % 8];
}
