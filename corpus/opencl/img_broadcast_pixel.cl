//pass
//--local_size=[16,16] --num_groups=[8,8]
// expect: drf — every work-item reads the same pixel (0, 0) of a read_only image, which is never a conflict, and writes its own dst pixel
__kernel void k(read_only image2d_t src, write_only image2d_t dst)
{
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
  int x = get_global_id(0);
  int y = get_global_id(1);
  float4 ref = read_imagef(src, smp, (int2)(0, 0));
  float4 px = read_imagef(src, smp, (int2)(x, y));
  write_imagef(dst, (int2)(x, y), px - ref);
}
