//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
// expect: racy — barrier(0) (OpenCL 2.0 work_group_barrier with no flags) keeps the group in step but orders no memory
// cl-std: CL2.0
__kernel void exec_only(__global int *data)
{
    __local int stage[64];
    int lid = get_local_id(0);
    stage[lid] = lid;
    work_group_barrier(0);
    data[lid] = stage[63 - lid];
}
