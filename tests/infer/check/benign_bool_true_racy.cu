// expect: racy — the twin of benign_bool_true: thread 0 stores `true` and the others `false` into one flag.
__global__ void set_flags_differ(bool *updated)
{
    if (threadIdx.x == 0)
        updated[blockIdx.x] = true;
    else
        updated[blockIdx.x] = false;
}
