//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: racy — the left operand of the comma reads s[(tid + 1) % 128] at every test, right after the write s[tid] of the neighbour in the same barrier interval (the loop has no barrier before its test).
// A comma condition whose left operand reads shared memory being written.
#define N 128

__global__ void commaReadsNeighbour(float *data, int steps)
{
    __shared__ float s[N];
    float v = data[blockIdx.x * N + threadIdx.x];
    float peek = 0.0f;
    for (int k = 0; peek += s[(threadIdx.x + 1) % N], k < steps; ++k) {
        __syncthreads();
        s[threadIdx.x] = v + peek;
    }
    data[blockIdx.x * N + threadIdx.x] = v + peek;
}
