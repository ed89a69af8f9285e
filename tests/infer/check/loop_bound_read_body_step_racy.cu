// expect: racy — the twin of loop_bound_read_each_test: the body may also move the counter (past an element it marks), so the counter has no stride form.
__global__ void frontier_pass_skip(const int *q_size, int *out)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < q_size[0]; i += blockDim.x * gridDim.x) {
        if (out[i] == 0)
            i++;
        out[i] = threadIdx.x;
    }
}
