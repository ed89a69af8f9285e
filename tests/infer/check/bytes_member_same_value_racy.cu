// expect: racy — the twin of bytes_member_same_value: the threads write their own index to one member.
struct Status { int done; float score; };
__global__ void member_other_value(Status *s)
{
    s[blockIdx.x].done = threadIdx.x;
    s[blockIdx.x].score = 0.0f;
}
