// What the front end cannot follow stays in the protocol as `opaque`
// (docs/inference.md, "What is lost"), at the place it happened.
extern __device__ void fill(float *tile, int i);
__device__ int pure_depth(int x) { return x <= 0 ? 0 : 1 + pure_depth(x / 2); }

__global__ void lossy(const unsigned long long *rows, float *out, int n)
{
    __shared__ float tile[64];
    fill(tile, threadIdx.x);                 // no body: may write any cell of tile
    __syncthreads();
    float *row = (float *)rows[blockIdx.x];  // a pointer loaded from memory
    row[threadIdx.x] = tile[threadIdx.x % 64];
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane)); // registers only: lane is an unknown
    int d = pure_depth(n);                   // pure recursion: only the value is unknown
    out[blockIdx.x * blockDim.x + threadIdx.x] = lane + d;
    asm volatile("bar.sync 0;");             // a barrier in assembly
}
