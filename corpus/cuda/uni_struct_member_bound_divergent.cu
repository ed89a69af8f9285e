//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — n = jobs[threadIdx.x].steps is each thread's own record: threads of a block may run different numbers of iterations, each with its barriers.
// uni_struct_member_bound.cu reading the record at the thread's index.
struct Job {
    int steps;
    float scale;
};

__global__ void smooth(const Job *jobs, float *data)
{
    __shared__ float tile[256];
    int n = jobs[threadIdx.x].steps;
    float *row = data + blockIdx.x * 256;
    for (int s = 0; s < n; s++) {
        tile[threadIdx.x] = row[threadIdx.x];
        __syncthreads();
        row[threadIdx.x] = 0.5f * (tile[threadIdx.x] + tile[(threadIdx.x + 1) % 256]);
        __syncthreads();
    }
}
