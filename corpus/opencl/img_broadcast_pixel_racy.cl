//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[8,8]
// expect: racy — every work-item writes dst pixel (0, y), each with the difference taken at its own pixel (x, y)
__kernel void k(read_only image2d_t src, write_only image2d_t dst)
{
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int x = get_global_id(0);
  int y = get_global_id(1);
  float4 ref = read_imagef(src, smp, (int2)(0, 0));
  float4 px = read_imagef(src, smp, (int2)(x, y));
  write_imagef(dst, (int2)(0, y), px - ref);
}
