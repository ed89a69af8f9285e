// A block-wide loop left by returns and a break on a shared count: the
// jump conditions are the block's (`local jumped uniform block;`, the
// short circuit's second read `local cond uniform block;`), and the
// iteration the block leaves in is its last (`assume ... iter + 1 == iters`).
__global__ void leaveTogether(int *out, int n)
{
    __shared__ int len;
    __shared__ int buf[128];
    if (threadIdx.x == 0)
        len = n;
    __syncthreads();
    while (1) {
        buf[threadIdx.x] = threadIdx.x;
        __syncthreads();
        if (len == 0) {
            return;
        } else if (len > 1000 || len > (int)blockDim.x) {
            out[threadIdx.x] = buf[127 - threadIdx.x];
            break;
        }
        __syncthreads();
        if (threadIdx.x == 0)
            len = len - 1;
        __syncthreads();
    }
}
