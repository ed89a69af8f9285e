//pass
//--blockDim=64 --gridDim=1
// expect: drf — M: thread r writes M[r][0] and M[r][4..7], its own row; the reads follow the barrier.
// Thread r (r < 8) sets the head of row r and copies a tail into it.
__global__ void rows(const float *tail, float *out)
{
    __shared__ float M[9][8];
    int r = threadIdx.x;
    if (r < 8) {
        M[r][0] = 1.0f;
        memcpy(&M[r][4], tail, 4 * sizeof(float));
    }
    __syncthreads();
    out[threadIdx.x] = M[threadIdx.x / 8][threadIdx.x % 8];
}
